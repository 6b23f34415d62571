import type { DerivedEvent, ProductFacts } from '../server/analytics/derivedEvent';
import { ANALYTICS_EVENT_NAMES } from '../shared/schemas/analytics';

/**
 * Analytics events of the stream's real shapes (a product's fields, a cart's pseudonym), derived
 * from nothing, for the benches that fill the stream unmeasured; `prefix` keeps each bench's
 * messageIds its own.
 */
export function syntheticAnalyticsEvents(prefix: string, from: number, count: number): DerivedEvent[] {
  const product: ProductFacts = { productId: 7, producerId: 2, name: 'Velvet Hearts Kit', category: 'sample pack', brand: 'Hexa Blue', priceCents: 25_000 };
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    return {
      messageId: `${prefix}_${n}`,
      event: ANALYTICS_EVENT_NAMES[n % ANALYTICS_EVENT_NAMES.length]!,
      source: 'server',
      occurredAt: new Date(Date.UTC(2026, 10, 1) + n * 25_000),
      userId: `u_bench${String(n % 500).padStart(17, '0')}`,
      anonymousId: null,
      product,
      properties: { product_id: '7', name: product.name, category: product.category, brand: product.brand, price: 250, quantity: 1, currency: 'USD', cart_id: `c_${n % 500}` },
    };
  });
}
