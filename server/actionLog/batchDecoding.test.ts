import { ACTION_LOG_LIMITS } from '../../shared/actionLog/entry';
import { REDACTED } from '../../shared/actionLog/redact';
import { MAX_JSON_DEPTH } from '../http/jsonBodyShape';
import { decodeActionLogBatch } from './batchDecoding';
import { SUMMARY_TYPES } from './sessionSummary';

const bytes = (text: string) => new TextEncoder().encode(text);
const ticket = { sessionId: 'tab-session-1', token: 'proof' };
const batch = (entries: unknown[]) => bytes(JSON.stringify({ ...ticket, entries }));

describe('decoding an action-log batch off the event loop', () => {
  test('a batch comes out redacted, each payload as the JSON its row stores, a page load with its window width', () => {
    const answer = decodeActionLogBatch(
      batch([
        { seq: 1, at: '2026-11-25T10:00:00.000Z', type: SUMMARY_TYPES.pageLoad, payload: { viewport: { width: 390 }, user: { email: 'buyer@example.com' } } },
        { seq: 2, at: '2026-11-25T10:00:01.000Z', type: 'cart/couponEntered', payload: { code: 'SAVE10', password: 'hunter2' } },
        { seq: 3, at: '2026-11-25T10:00:02.000Z', type: 'player/paused' },
      ]),
    );
    expect(answer).toEqual({
      kind: 'batch',
      ...ticket,
      entries: [
        { seq: 1, at: '2026-11-25T10:00:00.000Z', type: SUMMARY_TYPES.pageLoad, payload: JSON.stringify({ viewport: { width: 390 }, user: { email: REDACTED } }), viewportWidth: 390 },
        { seq: 2, at: '2026-11-25T10:00:01.000Z', type: 'cart/couponEntered', payload: JSON.stringify({ code: 'SAVE10', password: REDACTED }), viewportWidth: null },
        { seq: 3, at: '2026-11-25T10:00:02.000Z', type: 'player/paused', payload: null, viewportWidth: null },
      ],
    });
  });

  test.each([
    ['bytes that are not JSON', bytes('{"sessionId": '), 'Request body is not valid JSON'],
    ['text that is not Unicode', bytes(`{"sessionId":"tab-session-1","token":"proof","entries":[{"seq":1,"at":"2026-11-25T10:00:00Z","type":"\\ud800"}]}`), 'Invalid entries.0.type: text must be valid Unicode (it holds a lone surrogate)'],
    ['a field named like a built-in', batch([{ seq: 1, at: '2026-11-25T10:00:00Z', type: 'x', payload: JSON.parse('{"__proto__": 1}') }]), 'Invalid entries.0.payload.__proto__: no field may be named __proto__'],
    ['a body nested past the limit', batch([{ seq: 1, at: '2026-11-25T10:00:00Z', type: 'x', payload: JSON.parse('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH)) }]), `Request body nests deeper than ${MAX_JSON_DEPTH} levels`],
    ['an entry without its place', batch([{ at: '2026-11-25T10:00:00Z', type: 'x' }]), 'Invalid entries.0.seq: Expected an integer, but received: undefined'],
    ['no entries', batch([]), expect.stringMatching(/^Invalid entries: /)],
    ['an empty body', new Uint8Array(), 'Invalid sessionId: Expected a string, but received: undefined'],
  ])('%s is refused with 400 in the words every other call gives', (_what, body, message) => {
    expect(decodeActionLogBatch(body)).toEqual({ kind: 'refused', statusCode: 400, message });
  });

  test('a payload over its limit is refused with 413 naming the entry: 64 KB for an action, 128 KB for a page load’s state', () => {
    const text = (chars: number) => 'x'.repeat(chars);
    const action = { seq: 7, at: '2026-11-25T10:00:00Z', type: 'catalogue/beatsPageLoaded', payload: text(ACTION_LOG_LIMITS.maxPayloadChars) };
    expect(decodeActionLogBatch(batch([action]))).toEqual({ kind: 'refused', statusCode: 413, message: "Entry 7 carries 65 KB; an entry's payload holds at most 64 KB" });
    const pageLoad = (chars: number) => ({ seq: 1, at: '2026-11-25T10:00:00Z', type: SUMMARY_TYPES.pageLoad, payload: { state: { catalogue: text(chars) } } });
    expect(decodeActionLogBatch(batch([pageLoad(100 * 1024)]))).toMatchObject({ kind: 'batch' });
    expect(decodeActionLogBatch(batch([pageLoad(ACTION_LOG_LIMITS.maxPageLoadChars)]))).toEqual({
      kind: 'refused',
      statusCode: 413,
      message: "Entry 1 carries 129 KB; a page load's state holds at most 128 KB",
    });
  });
});
