/** @jest-environment jsdom */
import { ACTION_LOG_TICKET_ID } from '../shared/domain/constants';
import { openActionLogSession } from './actionLogSession';
import type { SafeStorage } from './safeStorage';

const TICKET_A = { sessionId: 'tab-issued-first', token: 'proof-of-first' };
const TICKET_B = { sessionId: 'tab-issued-later', token: 'proof-of-later' };

/** A page as the server renders it, carrying the ticket it issued. */
function pageWith(ticket: unknown): Document {
  const page = document.implementation.createHTMLDocument('page');
  const element = page.createElement('script');
  element.type = 'application/json';
  element.id = ACTION_LOG_TICKET_ID;
  element.textContent = JSON.stringify(ticket);
  page.body.append(element);
  return page;
}

function memoryStorage(): SafeStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value), removeItem: (key) => void items.delete(key) };
}

const refusingStorage: SafeStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

const hide = (page: Document) => {
  Object.defineProperty(page, 'visibilityState', { value: 'hidden', configurable: true });
  page.dispatchEvent(new Event('visibilitychange'));
};

describe('the tab\'s action log', () => {
  beforeEach(() => {
    Object.assign(navigator, { sendBeacon: jest.fn(() => true) });
  });

  test('the first page of a tab writes to the log the server issued with it', () => {
    const recorder = openActionLogSession(memoryStorage(), pageWith(TICKET_A))!;
    expect({ sessionId: recorder.sessionId, token: recorder.token }).toEqual(TICKET_A);
  });

  test('later page loads of the tab continue its log and its sequence numbers', () => {
    const storage = memoryStorage();
    const firstPage = pageWith(TICKET_A);
    const first = openActionLogSession(storage, firstPage)!;
    first.start({});
    first.start({});
    hide(firstPage);
    const later = openActionLogSession(storage, pageWith(TICKET_B))!;
    expect({ sessionId: later.sessionId, token: later.token }).toEqual(TICKET_A);
    later.start({});
    expect(later.takeBatch(10).map((entry) => entry.seq)).toEqual([3]);
  });

  test('where sessionStorage is refused, each page load writes to the log issued with it', () => {
    const recorder = openActionLogSession(refusingStorage, pageWith(TICKET_B))!;
    expect({ sessionId: recorder.sessionId, token: recorder.token }).toEqual(TICKET_B);
    recorder.start({});
    expect(recorder.takeBatch(10).map((entry) => entry.seq)).toEqual([1]);
  });

  test('something else kept under the tab\'s key is ignored', () => {
    const storage = memoryStorage();
    storage.setItem('beatcrate.actionLog.tab', '{"sessionId":"x y","token":1}');
    expect(openActionLogSession(storage, pageWith(TICKET_A))!.sessionId).toBe(TICKET_A.sessionId);
  });

  test('a hidden page hands what the server has not confirmed to sendBeacon, with the proof', async () => {
    const page = pageWith(TICKET_A);
    const recorder = openActionLogSession(memoryStorage(), page)!;
    recorder.start({});
    hide(page);
    const [url, blob] = (navigator.sendBeacon as jest.Mock).mock.calls[0] as [string, Blob];
    expect(url).toBe('/api/v1/action-log');
    // jsdom's Blob has no text(); FileReader reads it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toMatchObject({ ...TICKET_A, entries: [{ seq: 1 }] });
  });

  test('a page without a valid ticket runs without a log', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(openActionLogSession(memoryStorage(), pageWith({ sessionId: 'x' }))).toBeNull();
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});
