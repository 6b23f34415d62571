/**
 * JSON for an inline `<script type="application/json">`: `<`, `>` and `&` are escaped so that
 * no value can close the script element or open a comment, and U+2028 / U+2029 so that older
 * engines that treat them as line ends cannot break it either. JSON.parse reads it back unchanged.
 */
export function serializeState(state: unknown): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

