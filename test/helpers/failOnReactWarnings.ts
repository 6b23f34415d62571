import { format } from 'node:util';

/**
 * A warning from React (act(...), keys, hydration, an error a component threw) or from Redux
 * (react-redux's selector checks, Redux Toolkit's serializability and immutability checks,
 * reselect's input checks) fails the test that caused it: each one is a defect, and a suite that
 * prints them hides the next. A test that expects one captures it with
 * `jest.spyOn(console, 'error').mockImplementation(...)`, which takes this hook's place.
 *
 * Warnings are told apart by who calls the console: the first frame below this file must be in
 * one of those packages. Our own code logging through the console is left alone.
 */
const WARNING_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|react-redux|redux|@reduxjs[\\/]toolkit|reselect|scheduler)[\\/]/;
/**
 * Redux Toolkit's checks also say when they ran slowly on a large state. On a busy test machine
 * that says nothing about the code (timings never decide a test), so it is not even printed.
 */
const TIMING_NOTICE = /took \d+ms, which is more than the warning threshold of \d+ms/;
/** react-redux prints the whole state with its warning; the start says what and where. */
const MAX_MESSAGE_CHARS = 2000;

const caught: string[] = [];

function callerFrame(stack: string | undefined): string {
  const frames = (stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return frames.find((frame) => !frame.includes('failOnReactWarnings')) ?? '';
}

for (const level of ['error', 'warn'] as const) {
  const print = console[level];
  console[level] = function consoleWatchedForWarnings(this: Console, ...args: unknown[]) {
    if (!WARNING_PACKAGES.test(callerFrame(new Error().stack))) return print.apply(this, args);
    const message = format(...args);
    if (TIMING_NOTICE.test(message)) return;
    caught.push(`console.${level}: ${message.length > MAX_MESSAGE_CHARS ? `${message.slice(0, MAX_MESSAGE_CHARS)}…` : message}`);
  };
}

/** The warnings caught since the last call; this file's hooks fail the test when there are any. */
export function takeCaughtWarnings(): string[] {
  return caught.splice(0);
}

function failOnCaughtWarnings(when: string) {
  const found = takeCaughtWarnings();
  if (found.length === 0) return;
  throw new Error(
    `React or Redux warned ${when}; fix the cause (a test that expects it captures it with jest.spyOn(console, …)):\n\n` +
      found.join('\n\n'),
  );
}

afterEach(() => failOnCaughtWarnings('during this test'));
afterAll(() => failOnCaughtWarnings('in a beforeAll/afterAll hook or after the last test'));
