import { TextDecoder, TextEncoder } from 'node:util';

// jsdom leaves out the encoding API that browsers (and react-router) have.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}
