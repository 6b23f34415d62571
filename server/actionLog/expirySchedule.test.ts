import { repeatEvery } from './expirySchedule';

describe('repeatEvery', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('runs at once, then every interval after the previous run, and no more once stopped', async () => {
    let runs = 0;
    const schedule = repeatEvery(60_000, 'test job', async () => {
      runs += 1;
    });
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(59_999);
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(3);
    await schedule.stop();
    await jest.advanceTimersByTimeAsync(600_000);
    expect(runs).toBe(3);
  });

  test('a failed run is logged by message and the next one still comes', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let runs = 0;
    const schedule = repeatEvery(1_000, 'Action-log expiry', async () => {
      runs += 1;
      if (runs === 1) throw new Error('database unavailable');
    });
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    expect(errors).toHaveBeenCalledWith('Action-log expiry failed:', 'database unavailable');
    await schedule.stop();
    errors.mockRestore();
  });
});
