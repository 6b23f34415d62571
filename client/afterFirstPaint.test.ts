/** @jest-environment jsdom */
import { afterFirstContentfulPaint } from './afterFirstPaint';

/** A browser with paint timing, whose first contentful paint the test reports when it likes. */
function paintTiming() {
  let callback: (() => void) | null = null;
  let painted = false;
  class FakeObserver {
    static readonly supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(observed: () => void) {
      callback = observed;
    }
    observe() {}
    disconnect() {
      callback = null;
    }
  }
  Object.defineProperty(globalThis, 'PerformanceObserver', { value: FakeObserver, configurable: true, writable: true });
  Object.defineProperty(performance, 'getEntriesByName', {
    value: (name: string) => (name === 'first-contentful-paint' && painted ? [{ name }] : []),
    configurable: true,
    writable: true,
  });
  return {
    paint() {
      painted = true;
      callback?.();
    },
  };
}

const original = Object.getOwnPropertyDescriptor(globalThis, 'PerformanceObserver');
const withoutPaintTiming = () => {
  if (original) Object.defineProperty(globalThis, 'PerformanceObserver', original);
  else delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
  delete (performance as { getEntriesByName?: unknown }).getEntriesByName;
};

// The page's `performance` stays the real one: the test gives it paint entries of its own.
beforeEach(() => jest.useFakeTimers({ doNotFake: ['performance'] }));
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  withoutPaintTiming();
});

test('the app is fetched once the first contentful paint is reported, and only once', () => {
  const browser = paintTiming();
  const run = jest.fn();
  afterFirstContentfulPaint(run);
  jest.advanceTimersByTime(500);
  expect(run).not.toHaveBeenCalled();
  browser.paint();
  expect(run).not.toHaveBeenCalled();
  jest.runOnlyPendingTimers();
  expect(run).toHaveBeenCalledTimes(1);
  jest.advanceTimersByTime(5000);
  expect(run).toHaveBeenCalledTimes(1);
});

test('a page already painted, a browser without paint timing, or a hidden tab do not wait', () => {
  const browser = paintTiming();
  browser.paint();
  const painted = jest.fn();
  afterFirstContentfulPaint(painted);
  jest.runOnlyPendingTimers();
  expect(painted).toHaveBeenCalledTimes(1);

  withoutPaintTiming();
  const unsupported = jest.fn();
  afterFirstContentfulPaint(unsupported);
  jest.runOnlyPendingTimers();
  expect(unsupported).toHaveBeenCalledTimes(1);

  paintTiming();
  jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  const hidden = jest.fn();
  afterFirstContentfulPaint(hidden);
  jest.runOnlyPendingTimers();
  expect(hidden).toHaveBeenCalledTimes(1);
});

test('when no paint is ever reported, the app is fetched after a second', () => {
  paintTiming();
  const run = jest.fn();
  afterFirstContentfulPaint(run);
  jest.advanceTimersByTime(999);
  expect(run).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  // …in a task of its own, after the one that gave up waiting.
  jest.runOnlyPendingTimers();
  expect(run).toHaveBeenCalledTimes(1);
});
