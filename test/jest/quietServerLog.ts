import { logger } from '../../server/logging/logger';

/*
 * A server a test runs in its own process logs through the process's logger. Its everyday lines
 * (a refused request, at info: the fuzzer makes thousands) would drown the run's report; warnings
 * and errors still show. A test that reads what was logged gives the code a captured logger
 * (test/helpers/logLines.ts `capturedLog`), and spawned servers log at their own LOG_LEVEL.
 */
logger.level = 'warn';
