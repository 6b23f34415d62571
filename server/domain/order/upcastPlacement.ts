import type { OrderLine, OrderPlacement } from './orderEvents';

/** An order line before every beat sold once: it said whether the product was `exclusive`. */
type LineV1 = OrderLine & { exclusive: boolean };

export type StoredPlacement = Omit<OrderPlacement, 'lines'> & { lines: (OrderLine | LineV1)[] };

function currentLine(line: OrderLine | LineV1): OrderLine {
  if (!('exclusive' in line)) return line;
  const { exclusive: _decidedByProductType, ...current } = line;
  return current;
}

/**
 * OrderPlaced recorded before every beat sold once carries `exclusive` on its lines; the product
 * type decides that now (`sellsOnce`), so the flag is read past and dropped.
 */
export function upcastPlacement(data: StoredPlacement): OrderPlacement {
  return { ...data, lines: data.lines.map(currentLine) };
}
