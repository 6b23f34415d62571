import { trackPlayDecider, type RecordPlay } from './trackPlayDecider';
import type { TrackPlayEvent } from './trackPlayEvents';

const played = (playedAt: string): TrackPlayEvent => ({ type: 'TrackPlayed', data: { productId: 5, listener: 'u1', playedAt } });
const recordAt = (iso: string): RecordPlay => ({ type: 'RecordPlay', productId: 5, listener: 'u1', at: new Date(iso) });

const given = (events: TrackPlayEvent[]) => ({
  when: (command: RecordPlay) => trackPlayDecider.decide(command, events.reduce(trackPlayDecider.evolve, trackPlayDecider.initialState())),
});

describe('trackPlayDecider', () => {
  test('a first play is recorded', () => {
    expect(given([]).when(recordAt('2026-11-21T10:00:00.000Z'))).toEqual([played('2026-11-21T10:00:00.000Z')]);
  });

  test('a play within a minute of the last counted one is not', () => {
    expect(given([played('2026-11-21T10:00:00.000Z')]).when(recordAt('2026-11-21T10:00:59.999Z'))).toEqual([]);
  });

  test('a minute later it counts again, and the window starts from the last counted play', () => {
    expect(given([played('2026-11-21T10:00:00.000Z')]).when(recordAt('2026-11-21T10:01:00.000Z'))).toEqual([played('2026-11-21T10:01:00.000Z')]);
    expect(given([played('2026-11-21T10:00:00.000Z'), played('2026-11-21T10:05:00.000Z')]).when(recordAt('2026-11-21T10:05:30.000Z'))).toEqual([]);
  });
});
