import { TextDecoder, TextEncoder } from 'node:util';

// jsdom leaves out the encoding API that browsers have.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}
