/** How long an outcome that happens beside the test's requests may take before the test fails. */
const WITHIN_MS = 60_000;
/** Between two questions: short, so the test goes on as soon as the outcome is there. */
const EVERY_MS = 100;

/**
 * Asks `read` again until `done` holds of its answer, for what happens beside the test's own
 * requests: a background job, an event subscription, another process, a browser's download. The
 * test waits for the outcome, not for a time; the pause between questions only spares the
 * machine, and the deadline only turns a hang into a failure that says what was awaited.
 */
export async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean, what: string, withinMs = WITHIN_MS): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${withinMs / 1000} s; last seen: ${JSON.stringify(value)?.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
  }
}
