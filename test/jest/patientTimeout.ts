/**
 * The integration, client-build and Chromium projects start servers, browsers and audio renders:
 * a test there fails after this long, which only a hang reaches, however busy the machine. Unit
 * tests keep the suite's default (package.json) and fail fast.
 */
jest.setTimeout(300_000);
