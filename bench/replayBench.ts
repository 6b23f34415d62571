import fs from 'node:fs';
import path from 'node:path';
import { CHECKPOINT, CHECKPOINT_EVERY, stateHash } from '../shared/actionLog/checkpoint';
import { type ActionLogEntry, SESSION_STARTED } from '../shared/actionLog/entry';
import { replay, replaySession } from '../shared/actionLog/replay';
import { parseSessionFile } from '../shared/actionLog/sessionFile';
import { type Metric, standalone } from './metric';

const ACTIONS = 100_000;

/**
 * A session of `count` recorded actions: the committed buyer session's actions (browsing, a
 * cart, a refused coupon) repeated after its one page load, with a checkpoint every 50 actions as
 * the recorder writes them, hashed from the state the production reducers reach.
 */
export function longSession(checkpoints: boolean, count = ACTIONS): ActionLogEntry[] {
  const fixture = parseSessionFile(fs.readFileSync(path.join(__dirname, '../test/fixtures/actionLog/buyer-session.jsonl'), 'utf8'));
  const start = fixture.entries.find((entry) => entry.type === SESSION_STARTED)!;
  const actions = fixture.entries.filter((entry) => entry.type !== SESSION_STARTED && entry.type !== CHECKPOINT);
  const entries: ActionLogEntry[] = [{ ...start, seq: 1 }];
  for (let i = 0; i < count; i++) entries.push({ ...actions[i % actions.length]!, seq: entries.length + 1 });
  if (!checkpoints) return entries;
  // Checkpoints as the browser would have written them: after every 50 actions, the state's hash.
  const withCheckpoints: ActionLogEntry[] = [];
  let folded: ActionLogEntry[] = [];
  for (const entry of entries) {
    withCheckpoints.push({ ...entry, seq: withCheckpoints.length + 1 });
    folded.push(entry);
    if (entry.type !== SESSION_STARTED && (withCheckpoints.length - 1) % (CHECKPOINT_EVERY + 1) === CHECKPOINT_EVERY) {
      withCheckpoints.push({ seq: withCheckpoints.length + 1, at: entry.at, type: CHECKPOINT, payload: { hash: stateHash(replay(folded)) } });
      folded = [{ ...start, seq: 0, payload: { state: replay(folded) } }];
    }
  }
  return withCheckpoints;
}

/** Issue 12: replay of a 100,000-action session through the production reducers (target under 1 s). */
export async function replayBench(progress: (line: string) => void, options: { quick: boolean }): Promise<Metric[]> {
  progress('replay: building a 100,000-action session');
  // Quick: no checkpoints (hashing 2,000 states is most of the time), so only the folding row.
  const entries = longSession(!options.quick);
  const timed = (run: () => void) => {
    const started = performance.now();
    run();
    return (performance.now() - started) / 1000;
  };
  timed(() => replay(entries.slice(0, 5_000)));
  const plain = timed(() => replay(entries));
  if (options.quick) return [{ ...standalone('replay 100,000 actions (production reducers)', plain, 's'), target: '< 1 s' }];
  let checked = 0;
  const seconds = timed(() => {
    checked = replaySession(entries).checkpoints.length;
  });
  progress(`replay: ${plain.toFixed(2)} s folding, ${seconds.toFixed(2)} s with ${checked} checkpoints and the invariants checked`);
  return [
    { ...standalone('replay 100,000 actions (production reducers)', plain, 's'), target: '< 1 s' },
    // Reported, not targeted: each checkpoint hashes the whole redacted state (about 3 ms for the
    // demo shop's), which a browser pays once every 50 actions.
    standalone(`replay 100,000 actions, ${checked} checkpoints and invariants checked`, seconds, 's'),
  ];
}
