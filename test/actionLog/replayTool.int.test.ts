import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSessionFile, sessionFileText } from '../../shared/actionLog/sessionFile';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { replayTool } from '../../server/tools/replay';
import { runToolHere } from '../helpers/tools';
import { rewriteActionLogRows } from '../helpers/actionLogRows';
import { issuedTicket } from './issuedTicket';

const FIXTURE = path.join(__dirname, '../fixtures/actionLog/buyer-session.jsonl');

describe('npm run replay', () => {
  let app: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-replay-'));
  const replay = (...args: string[]) => runToolHere(replayTool, app.deps.config.databaseUrl, args);
  const fixture = parseSessionFile(fs.readFileSync(FIXTURE, 'utf8'));
  const lastCheckpoint = fixture.entries.filter((entry) => entry.type === 'actionLog/checkpoint').at(-1)!.seq;
  const written = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a session file: the timeline, every checkpoint matching, the final state; exit 0', async () => {
    const { code, stdout } = await replay(FIXTURE);
    expect(code).toBe(0);
    expect(stdout).toContain(`Session ${fixture.header.sessionId} from ${FIXTURE}: ${fixture.entries.length} entries, 1 page loads`);
    expect(stdout).toContain('#1  ');
    expect(stdout).toMatch(/actionLog\/sessionStarted {2}\/ at 390 px/);
    expect(stdout).toContain('Checkpoints: 2 of 2 match');
    expect(stdout).toContain('Invariants: all hold');
    expect(stdout).toMatch(/Final state: page \/beats; cart 1 item\(s\), total \$[\d.]+; player closed/);
  });

  test('a recording this build does not reproduce: the step where they part; exit 1', async () => {
    const tampered = { ...fixture, entries: fixture.entries.map((entry) => (entry.seq === lastCheckpoint ? { ...entry, payload: { hash: 'aaaaaaaaaaaaaa' } } : entry)) };
    const { code, stdout } = await replay(written('tampered.jsonl', sessionFileText(tampered)));
    expect(code).toBe(1);
    expect(stdout).toContain(`Checkpoints: 1 of 2 match; replay parts from the recording at #${lastCheckpoint}`);
  });

  test('bad input is named in one line with exit 2, and nothing else happens', async () => {
    expect(await replay(written('broken.jsonl', `${JSON.stringify(fixture.header)}\nnot json\n`))).toMatchObject({ code: 2, stderr: 'replay: Line 2 is not JSON\n' });
    expect(await replay(path.join(dir, 'missing.jsonl'))).toMatchObject({ code: 2, stderr: `replay: No such file: ${path.join(dir, 'missing.jsonl')}\n` });
    expect(await replay('no-such-session')).toMatchObject({ code: 2, stderr: 'replay: No stored session no-such-session (expired, erased, or never recorded)\n' });
    expect((await replay('--all', '--since', 'last week')).code).toBe(2);
    expect((await replay()).code).toBe(2);
  });

  test('a stored session by its id, and --all --since lists the stored sessions that no longer match', async () => {
    const ticket = await issuedTicket(app.baseUrl);
    const shipped = await fetch(`${app.baseUrl}/api/v1/action-log`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...ticket, entries: fixture.entries }),
    });
    expect(shipped.status).toBe(201);
    const byId = await replay(ticket.sessionId);
    expect(byId.code).toBe(0);
    expect(byId.stdout).toContain('Checkpoints: 2 of 2 match');

    const all = await replay('--all', '--since', '7d');
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/^1 session\(s\) since .* replayed through this build's reducers; 0 no longer match\.$/m);

    // A session whose stored checkpoint the reducers no longer reach (as after a reducer change).
    await rewriteActionLogRows(app.deps.database, (db) =>
      db
        .updateTable('action_log_entries')
        .set({ payload: JSON.stringify({ hash: 'aaaaaaaaaaaaaa' }) })
        .where('session_id', '=', ticket.sessionId)
        .where('seq', '=', lastCheckpoint)
        .execute(),
    );
    const changed = await replay('--all', '--since', '7d');
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain('1 no longer match:');
    expect(changed.stdout).toContain(`${ticket.sessionId}: Checkpoints: 1 of 2 match; replay parts from the recording at #${lastCheckpoint}`);
  });
});
