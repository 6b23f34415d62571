import { isJsonObject } from '../../eventStore/eventCodec';

/**
 * `exclusive` on an order line is a legacy field on its way out (every track sells once): a line
 * recorded without it is a track that sells once, or a product that sells many times. Anything
 * else is left for the schema to judge.
 */
export function upcastPlacement(data: unknown): unknown {
  if (!isJsonObject(data) || !Array.isArray(data.lines)) return data;
  return {
    ...data,
    lines: data.lines.map((line: unknown) => (isJsonObject(line) && !('exclusive' in line) ? { ...line, exclusive: line.productType === 'track' } : line)),
  };
}
