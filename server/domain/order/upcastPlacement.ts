import { isJsonObject } from '../../eventStore/eventCodec';

/**
 * OrderPlaced recorded before every beat sold once carries `exclusive` on its lines; the product
 * type decides that now (`sellsOnce`), so the flag is read past and dropped. Anything else is left
 * for the schema to judge.
 */
export function upcastPlacement(data: unknown): unknown {
  if (!isJsonObject(data) || !Array.isArray(data.lines)) return data;
  return { ...data, lines: data.lines.map(withoutExclusive) };
}

function withoutExclusive(line: unknown): unknown {
  if (!isJsonObject(line) || !('exclusive' in line)) return line;
  const { exclusive: _decidedByProductType, ...current } = line;
  return current;
}
