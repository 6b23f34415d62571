import fs from 'node:fs';
import path from 'node:path';
import { parseSessionFile } from '../../shared/actionLog/sessionFile';
import { browserMessageId, type Draft, finishDraft, FRESH_MEMORY, readLog } from './browserEvents';
import type { ProductFacts } from './derivedEvent';

/** A buyer's session recorded from a live server (test/actionLog/recordFixtureSession.ts). */
const recorded = parseSessionFile(fs.readFileSync(path.join(__dirname, '../../test/fixtures/actionLog/buyer-session.jsonl'), 'utf8'));

const summary = (drafts: readonly Draft[]) =>
  drafts.map((draft) => {
    switch (draft.kind) {
      case 'list':
        return `${draft.seq} ${draft.event} ${draft.listId}`;
      case 'product':
        return `${draft.seq} ${draft.event} ${draft.productId}${draft.position === null ? '' : ` at ${draft.position}`}`;
      case 'coupon':
        return `${draft.seq} ${draft.event} ${draft.code}${draft.reason ? `: ${draft.reason}` : ''}`;
      case 'search':
        return `${draft.seq} Products Searched ${draft.query}`;
      case 'cart':
        return `${draft.seq} ${draft.event}`;
      case 'payment':
        return `${draft.seq} Payment Info Entered ${draft.method}`;
      default:
        return 'unknown';
    }
  });

describe('reading a tab\'s log into analytics events', () => {
  test('a recorded session: lists, clicks in them, product pages, a refused coupon, in order', () => {
    const { drafts } = readLog(recorded.entries, FRESH_MEMORY);
    expect(summary(drafts)).toEqual([
      '5 Product List Viewed beats',
      '8 Product List Viewed beats',
      expect.stringMatching(/^10 Product Clicked 320 at \d+$/),
      '11 Product Viewed 320',
      '23 Product List Viewed beats',
      expect.stringMatching(/^25 Product Clicked 329 at \d+$/),
      '26 Product Viewed 329',
      '29 Product List Viewed home-new',
      '30 Product List Viewed home-supersale',
      '31 Product List Viewed home-premium',
      '32 Product List Viewed home-all',
      // `?bpm=80-120` is no range the shop reads (it takes `80,120`): the list was not filtered.
      '35 Product List Viewed beats',
      '40 Product List Viewed beats',
      '45 Coupon Entered summer90',
      '46 Coupon Denied summer90: Coupon summer90 does not exist',
      // Still on /beats (the coupon went in through the cart dropdown): a click in the list.
      expect.stringMatching(/^47 Product Clicked 320 at \d+$/),
      '48 Product Viewed 320',
      '51 Product List Viewed beats',
    ]);
  });

  test('read in batches with its memory carried between them, a log gives what it gives read whole', () => {
    const whole = readLog(recorded.entries, FRESH_MEMORY).drafts;
    let memory = FRESH_MEMORY;
    const pieces: Draft[] = [];
    for (let from = 0; from < recorded.entries.length; from += 7) {
      const reading = readLog(recorded.entries.slice(from, from + 7), JSON.parse(JSON.stringify(memory)));
      pieces.push(...reading.drafts);
      memory = reading.memory;
    }
    expect(pieces).toEqual(whole);
  });

  test('entries from an older build, or forged, that do not have the shape the reading expects are passed over', () => {
    const { drafts } = readLog(
      [
        { seq: 1, at: '2026-11-27T09:00:00.000Z', type: 'product/productPageLoaded', payload: { id: 'not a number' } },
        { seq: 2, at: '2026-11-27T09:00:01.000Z', type: 'catalogue/beatsPageLoaded', payload: 'nope' },
        { seq: 3, at: '2026-11-27T09:00:02.000Z', type: 'actionLog/sessionStarted', payload: { state: null } },
        { seq: 4, at: '2026-11-27T09:00:03.000Z', type: 'cart/cartLoaded', payload: { items: 'many' } },
        { seq: 5, at: '2026-11-27T09:00:04.000Z', type: 'checkout/checkoutRequested' },
      ],
      FRESH_MEMORY,
    );
    expect(drafts).toEqual([]);
  });

  test('a product the shop does not know names nothing, and ids are stable for the same entry', () => {
    const facts = new Map<number, ProductFacts>([[7, { productId: 7, producerId: 2, name: 'Real Name', category: 'beat', brand: 'Hexa Blue', priceCents: 19_900 }]]);
    const tab = { sessionId: 'tab-1', userId: null, occurredAt: new Date('2026-11-27T09:00:00.000Z') };
    const viewed = (productId: number): Draft => ({ kind: 'product', event: 'Product Viewed', productId, listId: null, position: null, seq: 3, at: '2026-11-27T09:00:00.000Z', index: 0 });
    expect(finishDraft(viewed(8), facts, tab)).toBeNull();
    const event = finishDraft(viewed(7), facts, tab);
    expect(event).toMatchObject({ messageId: browserMessageId('tab-1', 3, 0, 'Product Viewed'), anonymousId: 'tab-1', properties: { product_id: '7', name: 'Real Name', brand: 'Hexa Blue', price: 199, quantity: 1, currency: 'USD' } });
    expect(browserMessageId('tab-1', 3, 0, 'Product Viewed')).not.toBe(browserMessageId('tab-1', 3, 1, 'Product Viewed'));
  });
});
