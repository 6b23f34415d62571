const Sequencer = require('@jest/test-sequencer').default;

/**
 * Rough seconds one file of each project takes on a cold 2-core machine. Jest's own order needs
 * timings from an earlier run; without them (a fresh clone, CI) it orders by file size, which can
 * leave a slow suite for last while the other worker idles.
 */
const COLD_SECONDS = { chromium: 40, 'client-build': 20, integration: 6, unit: 1 };

/** Slowest files first: measured times when jest has them, else the project's estimate, then file size. */
class SlowestFirstSequencer extends Sequencer {
  sort(tests) {
    const expectedMs = (test) => this.time(test) ?? COLD_SECONDS[test.context.config.displayName?.name ?? 'unit'] * 1000;
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    return [...tests].sort((a, b) => expectedMs(b) - expectedMs(a) || size(b) - size(a));
  }
}

module.exports = SlowestFirstSequencer;
