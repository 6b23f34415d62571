/**
 * React, react-dom's server renderer, react-redux and immer choose between their development and
 * production builds by NODE_ENV when they are first loaded. `npm start` serves the shop, so it
 * always loads their production builds: a page renders in about half the time, without checks
 * meant for a developer's console. This module is the first that `server/start.ts` imports, so
 * it runs before any of them loads. NODE_ENV keeps its own meaning for the server's settings
 * (HSTS, the refusals of server/config.ts), which are read from the environment as it was given.
 */
export const givenEnvironment: NodeJS.ProcessEnv = { ...process.env };
process.env.NODE_ENV = 'production';
