import { PageFailure, toPageError } from './pageFailure';

describe('toPageError (SPEC §8 page errors)', () => {
  test.each([
    [new PageFailure(404, 'Not here'), 404],
    [{ status: 403, message: 'Forbidden' }, 403],
    [{ response: { status: 502 }, message: 'Bad gateway' }, 502],
    [new Error('boom'), 500],
    [undefined, 500],
    [{ statusCode: 42 }, 500],
  ])('%p gives status %d', (error, status) => {
    expect(toPageError(error).statusCode).toBe(status);
  });
});
