const swcJest = require('@swc/jest');

/**
 * Jest runs each test file in a vm context, where every lookup of a global goes through the
 * context's interceptor: `Math.sin` in a hot loop runs about 30 times slower than under Node,
 * which made the audio code (synthesis, encoding, correlation) take minutes in tests and
 * seconds in the product. Each module binds `Math` once, so its loops run at Node's speed.
 * The binding goes on the first line, after the strict-mode prologue, so source maps keep
 * their lines.
 */
const BINDING = 'const Math = globalThis.Math;';
const STRICT_PROLOGUE = /^(["'])use strict\1;?/;

function bindGlobals(code) {
  const prologue = STRICT_PROLOGUE.exec(code);
  return prologue ? prologue[0] + BINDING + code.slice(prologue[0].length) : BINDING + code;
}

/** @swc/jest, with the binding above added to every module it compiles. */
module.exports = {
  createTransformer(options) {
    const swc = swcJest.createTransformer(options);
    return {
      canInstrument: swc.canInstrument,
      getCacheKey: (...args) => `${swc.getCacheKey(...args)}:${BINDING}`,
      process(...args) {
        const compiled = swc.process(...args);
        return { ...compiled, code: bindGlobals(compiled.code) };
      },
    };
  },
};
