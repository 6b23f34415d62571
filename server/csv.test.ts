import { csvCell, csvLine } from './csv';

describe('the server’s CSV', () => {
  test('cells are quoted when they hold a comma, a quote or a line break, quotes doubled; lines end in CRLF', () => {
    expect(csvLine(['Night Drive', 'a, b', 'say "hi"', 'two\nlines', 12.5, null])).toBe('Night Drive,"a, b","say ""hi""","two\nlines",12.5,\r\n');
  });

  test('text a spreadsheet would run as a formula starts with an apostrophe; numbers stay numbers', () => {
    expect(['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', '\tx'].map(csvCell)).toEqual(["\"'=HYPERLINK(\"\"http://x\"\")\"", "'+1", "'-2", "'@SUM(A1)", "'\tx"]);
    expect(csvCell(-2)).toBe('-2');
  });
});
