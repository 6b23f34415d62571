import fs from 'node:fs';
import path from 'node:path';
import { parseSessionFile } from '../../shared/actionLog/sessionFile';
import { sessionTimeline } from './sessionTimeline';

const FIXTURE = parseSessionFile(fs.readFileSync(path.join(__dirname, '../../test/fixtures/actionLog/buyer-session.jsonl'), 'utf8'));

describe('sessionTimeline', () => {
  test('navigations name where they went, so the timeline reads as the pages the buyer saw', () => {
    const { steps } = sessionTimeline(FIXTURE.entries);
    expect(steps[0]!.label).toBe('Loaded Beatcrate: buy beats online (/)');
    const arrivals = steps.filter((step) => step.type === 'navigation/navigationArrived').map((step) => step.label);
    expect(arrivals[0]).toBe('Opened Shop (/beats)');
    expect(steps.find((step) => step.type === 'navigation/navigationRequested')).toMatchObject({ label: 'Asked for /beats', plumbing: true });
  });

  test('a refused coupon is an error where it is refused, not again each time the remembered code comes back', () => {
    const refusal = FIXTURE.entries.find((entry) => entry.type === 'cart/cartLoaded' && typeof (entry.payload as { couponError?: unknown }).couponError === 'string')!;
    const lastSeq = FIXTURE.entries.at(-1)!.seq;
    // The storefront re-sends the remembered code with the next page's cart read: the same refusal again.
    const { steps } = sessionTimeline([...FIXTURE.entries, { ...refusal, seq: lastSeq + 1 }]);
    const refused = steps.filter((step) => step.label === 'The shop refused coupon summer90');
    expect(refused.map((step) => step.error)).toEqual([(refusal.payload as { couponError: string }).couponError, null]);
    // The repeat is plumbing: the console shows it only with "Show all".
    expect(refused.map((step) => step.plumbing)).toEqual([false, true]);
  });
});

describe('sessionTimeline within a budget', () => {
  test('stops where its budget says, showing the steps before and naming the last one and why', () => {
    let asked = 0;
    const budget = { exceeded: () => (++asked > 10 ? 'it ran past its budget of 10 s' : null) };
    const timeline = sessionTimeline(FIXTURE.entries, { budget });
    expect(timeline.steps.map((step) => step.seq)).toEqual(FIXTURE.entries.slice(0, 10).map((entry) => entry.seq));
    expect(timeline.stopped).toEqual({ after: FIXTURE.entries[9]!.seq, reason: 'it ran past its budget of 10 s' });
    expect(sessionTimeline(FIXTURE.entries, { budget: { exceeded: () => 'it ran past its memory budget of 256 MB' } })).toMatchObject({ steps: [], stopped: { after: null } });
  });

  test('stops once what it shows passes what one answer may hold, and shows each step as it makes it', () => {
    const shown: number[] = [];
    const timeline = sessionTimeline(FIXTURE.entries, { maxShownChars: 2048, onStep: (step) => shown.push(step.seq) });
    expect(timeline.stopped?.reason).toBe('its timeline passed the 2 KB one answer shows');
    expect(timeline.steps.length).toBeLessThan(FIXTURE.entries.length);
    expect(shown).toEqual(timeline.steps.map((step) => step.seq));
    expect(sessionTimeline(FIXTURE.entries).stopped).toBeNull();
  });
});
