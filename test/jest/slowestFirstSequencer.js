const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const durations = require('./durations.json');

/**
 * Seconds each file took in a CI run on a 2-core machine (`durations.json`, files of 5 s and more,
 * as jest printed them), for a run without jest's own timings (a fresh clone, CI): ordered by file
 * size instead, a heavy integration file can start last and keep one worker busy alone for
 * minutes. A file not listed took under 5 s, or is new: its project's estimate.
 */
const UNLISTED_SECONDS = { chromium: 30, 'client-build': 10, integration: 3, unit: 1 };
const ROOT = path.resolve(__dirname, '../..');

/** Slowest files first: jest's measured times when it has them, else the CI run's, else the project's estimate. */
class SlowestFirstSequencer extends Sequencer {
  sort(tests) {
    const expectedMs = (test) =>
      this.time(test) ?? (durations[path.relative(ROOT, test.path)] ?? UNLISTED_SECONDS[test.context.config.displayName?.name ?? 'unit']) * 1000;
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    return [...tests].sort((a, b) => expectedMs(b) - expectedMs(a) || size(b) - size(a));
  }
}

module.exports = SlowestFirstSequencer;
