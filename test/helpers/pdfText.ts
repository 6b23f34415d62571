import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * The text of a PDF, read with pdf-parse (PDF.js). PDF.js starts its worker with a dynamic
 * import, which Jest's module system refuses, so the parse runs in a plain Node process.
 */
export function pdfText(pdf: Buffer): Promise<string> {
  const script = [
    "import { PDFParse } from 'pdf-parse';",
    'const chunks = [];',
    'for await (const chunk of process.stdin) chunks.push(chunk);',
    'const { text } = await new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) }).getText();',
    'process.stdout.write(text);',
  ].join('\n');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve(__dirname, '../..'), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out).toString('utf8')) : reject(new Error(`pdf-parse failed: ${Buffer.concat(err).toString('utf8')}`))));
    child.stdin.end(pdf);
  });
}
