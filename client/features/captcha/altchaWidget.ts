import 'altcha/external';
import 'altcha/altcha.css';
import './altchaWidget.css';

/**
 * The ALTCHA widget, loaded as a chunk of its own when a protected form first shows. Its
 * `external` build ships without the workers it would otherwise start from `blob:` URLs, which
 * our CSP (script-src 'self') refuses: webpack emits the PBKDF2 worker under /assets instead.
 */
globalThis.$altcha.algorithms.set(
  'PBKDF2/SHA-256',
  () => new Worker(/* webpackChunkName: "captcha-worker" */ new URL('altcha/workers/pbkdf2', import.meta.url)),
);
