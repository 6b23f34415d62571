import fs from 'node:fs';
import path from 'node:path';
import type { ActionLogEntry } from '../../shared/actionLog/entry';
import { parseSessionFile } from '../../shared/actionLog/sessionFile';
import { requestFailed } from '../../shared/api/apiClient';
import { cardPaymentSubmitted, checkoutRequested, orderSucceeded } from '../../shared/features/checkout/checkoutSlice';
import { cartAddRequested, cartLoaded, couponInputChanged } from '../../shared/features/cart/cartSlice';
import { rootReducer } from '../../shared/store/rootReducer';
import { navigationArrived, navigationRequested } from '../../shared/features/navigation/navigationSlice';
import { timelineRows } from '../../shared/features/support/timelineRows';
import { sessionTimeline } from './sessionTimeline';
import { STEP_LABELS, stepWords } from './stepLabels';

const FIXTURE = parseSessionFile(fs.readFileSync(path.join(__dirname, '../../test/fixtures/actionLog/buyer-session.jsonl'), 'utf8'));
const ROOT = path.join(__dirname, '../..');

/** The modules that make actions: every slice, and the sagas' and the API client's own (createAction beside them). */
function actionModules(): string[] {
  const features = path.join(ROOT, 'shared/features');
  const slices = fs.readdirSync(features).flatMap((feature) =>
    fs
      .readdirSync(path.join(features, feature))
      .filter((name) => /Slice\.ts$/.test(name))
      .map((name) => path.join(features, feature, name)),
  );
  const sagas = (fs.readdirSync(path.join(ROOT, 'sagas'), { recursive: true }) as string[])
    .filter((name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name))
    .map((name) => path.join(ROOT, 'sagas', name))
    .filter((file) => /createAction[(<]/.test(fs.readFileSync(file, 'utf8')));
  return [...slices, ...sagas, path.join(ROOT, 'shared/api/apiClient.ts')];
}

/** Every action creator those modules export: the createSlice ones and those made with createAction. */
function actionTypes(): string[] {
  const types = new Set<string>();
  const isCreator = (value: unknown): value is { type: string } => typeof value === 'function' && typeof (value as { type?: unknown }).type === 'string' && 'match' in value;
  for (const file of actionModules()) {
    const exported = Object.values(require(file) as Record<string, unknown>);
    for (const value of exported) {
      if (isCreator(value)) types.add(value.type);
      const actions = typeof value === 'object' && value !== null && 'actions' in value ? (value as { actions: Record<string, unknown> }).actions : {};
      for (const action of Object.values(actions)) if (isCreator(action)) types.add(action.type);
    }
  }
  return [...types].sort();
}

/** The fixture with its coupon typed key by key, then the cart opened and paid for, numbered on from the log. */
function withCouponTypedAndPaid(): ActionLogEntry[] {
  const typedAt = FIXTURE.entries.findIndex((entry) => entry.type === couponInputChanged.type);
  const typed = FIXTURE.entries[typedAt]!;
  const keystrokes = [...'BOGUS2026'].map((_, index) => ({ ...typed, payload: 'BOGUS2026'.slice(0, index + 1) }));
  const last = FIXTURE.entries.at(-1)!;
  const after: Omit<ActionLogEntry, 'seq'>[] = [
    { at: last.at, ...navigationRequested({ pathname: '/cart', search: '', mode: 'push' }) },
    { at: last.at, ...navigationArrived({ pathname: '/cart', search: '', routeName: 'cart', params: {}, error: null }) },
    { at: last.at, ...checkoutRequested() },
    { at: last.at, ...cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: 30224 }) },
    { at: last.at, ...orderSucceeded({ id: '4f1c2a9e-0000-4000-8000-000000000001', status: 'paid', paymentMethod: 'card', total: 302.24, nextActionUrl: null, clientSecret: null, failureReason: null, downloads: [] }) },
  ];
  return [...FIXTURE.entries.slice(0, typedAt), ...keystrokes, ...FIXTURE.entries.slice(typedAt + 1), ...after].map((entry, index) => ({ ...entry, seq: index + 1 }) as ActionLogEntry);
}

describe('step labels', () => {
  test('every action of every slice and saga has a label, and every label is of an action that exists', () => {
    const types = actionTypes();
    expect(types.length).toBeGreaterThan(280);
    expect(types).toContain(requestFailed.type);
    expect(types).toContain('popups/frameSwapped');
    expect(types.filter((type) => !Object.hasOwn(STEP_LABELS, type))).toEqual([]);
    // The recorder's own entries are no action creator's.
    const recorderEntries = ['actionLog/sessionStarted', 'actionLog/checkpoint'];
    expect(Object.keys(STEP_LABELS).filter((type) => !types.includes(type) && !recorderEntries.includes(type))).toEqual([]);
  });

  test('the recorded session reads as what the buyer did: pages by their names, the cart add, the coupon refused, no action names', () => {
    const rows = timelineRows(sessionTimeline(FIXTURE.entries).steps, false);
    expect(rows.map((row) => row.step.label)).toEqual([
      'Loaded Beatcrate: buy beats online (/)',
      'Opened Shop (/beats)',
      'Opened Shop (/beats?sort=price_asc)',
      'Opened Faded Drive (/product/320)',
      'Opened Hexa Blue (/hexa-blue)',
      'Opened Services (/services)',
      'Sent on to /for-buyers',
      'Opened How it works: for buyers (/for-buyers)',
      'Opened Shop (/beats)',
      'Opened Crystal Vocal Chops (/product/329)',
      'Opened Beatcrate: buy beats online (/)',
      'Opened Shop (/beats?bpm=80-120)',
      'Opened Privacy policy (/privacy-policy)',
      'Opened Shop (/beats)',
      'Added Faded Drive to the cart',
      'Typed coupon SUMMER90',
      'Applied coupon SUMMER90',
      'The shop refused coupon summer90',
      'Opened Faded Drive (/product/320)',
      'Opened Shop (/beats)',
    ]);
  });

  test('plumbing shows only with "show all", and even then no row reads as a raw action name', () => {
    const steps = sessionTimeline(FIXTURE.entries).steps;
    const all = timelineRows(steps, true);
    expect(all.map((row) => row.step.seq)).toEqual(FIXTURE.entries.map((entry) => entry.seq));
    expect(all.find((row) => row.step.type === 'catalogue/genresLoaded')!.step).toMatchObject({ label: 'Genres loaded', plumbing: true });
    expect(all.find((row) => row.step.type === 'actionLog/checkpoint')!.step.label).toBe('Checkpoint akepdamfpplkmd');
    for (const row of all) expect(row.step.label).not.toMatch(/^[a-zA-Z]+\/[a-zA-Z]+/);
  });

  test('a coupon typed key by key is one row with the code typed; opening the cart and paying read as such', () => {
    const rows = timelineRows(sessionTimeline(withCouponTypedAndPaid()).steps, false);
    const typed = rows.filter((row) => row.step.input === 'coupon');
    expect(typed).toHaveLength(1);
    expect(typed[0]!.step.label).toBe('Typed coupon BOGUS2026');
    expect(typed[0]!.seqs).toHaveLength(9);
    expect(typed[0]!.step.seq).toBe(typed[0]!.seqs.at(-1));
    expect(rows.slice(-4).map((row) => row.step.label)).toEqual(['Opened the cart', 'Clicked Checkout', 'Paid $302.24 by card', 'Order 4f1c2a9e paid: $302.24']);
  });

  test("an add the server answered names the product, not the 'Loading' row it replaced", () => {
    const product = { id: 325, name: 'Midnight Garden', price: 29.99 };
    const before = rootReducer(undefined, cartAddRequested({ product: product as never, includeProjectFile: false }));
    expect(before.cart.items[0]).toMatchObject({ isLoading: true, product: { name: 'Loading' } });
    expect(stepWords('cart/cartAddSucceeded', 325, { before, after: before }).label).toBe('The server added product 325 to the cart');
    const after = rootReducer(before, cartLoaded({ ...before.cart, items: [{ product: { ...before.cart.items[0]!.product, ...product }, includeProjectFile: false }] } as never));
    expect(stepWords('cart/cartAddSucceeded', 325, { before, after }).label).toBe('The server added Midnight Garden to the cart');
  });

  test('a label never puts a redacted value back, and a payload of another shape still gets a row', () => {
    const context = { before: null, after: null };
    expect(stepWords('cart/couponInputChanged', '[REDACTED]', context).label).toBe('Typed coupon (hidden)');
    expect(stepWords('notifications/errorToastShown', { message: 'Card of [REDACTED] refused' }, context).label).toBe('Saw the error "…"');
    expect(stepWords('cart/cartLoaded', 'not a cart', context)).toMatchObject({ label: 'Cart loaded: empty', plumbing: true });
    expect(stepWords('someday/newAction', {}, context)).toEqual({ label: 'Unlabelled action someday/newAction', plumbing: false, input: null });
  });
});
