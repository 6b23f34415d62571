import fs from 'node:fs';
import path from 'node:path';
import { manualClock } from '../../test/helpers/accountClient';
import { tempDir } from '../../test/helpers/audioFixtures';
import { BEAT_DETAILS, verifiedProducer } from '../../test/helpers/beatUploads';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { wavBytes, wavDataBytes } from '../../test/helpers/wavBytes';
import { backgroundJobs } from '../jobs/backgroundJobs';
import { JobRunner } from '../jobs/jobRunner';
import { ABANDONED_AFTER_MS, ABANDONED_FILES_JOB, TEMP_MASTER_PREFIX } from './abandonedFiles';

const HOUR = 60 * 60_000;
const BOUNDARY = 'beatcrate-abandoned-boundary';

/**
 * What `kill -9` during an upload or processing leaves on disk (a `.partial/*.part` file, a
 * temporary master) is removed when a server starts and by the hourly job, once nothing has
 * written to it for longer than any request may run, by the server's clock; a file an upload is
 * still writing stays.
 */
describe('files a killed server left behind', () => {
  const clock = manualClock(new Date());
  const mediaDir = tempDir('abandoned-media-');
  let app: TestApp;
  const partialDir = () => path.join(mediaDir, '.partial');
  /** As a killed process leaves a file: written at `at`, never touched again. */
  const leave = (file: string, bytes: number, at: Date) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.alloc(bytes, 3));
    fs.utimesSync(file, at, at);
    fs.utimesSync(path.dirname(file), at, at);
    return file;
  };
  /** The sweep as the job runner runs it: at a server's start (`start` makes it due), or when its hour has come. */
  const runSweep = async ({ startingUp }: { startingUp: boolean }) => {
    const runner = new JobRunner(app.deps.database, app.deps.clock, backgroundJobs(app.deps).filter((job) => job.name === ABANDONED_FILES_JOB));
    if (startingUp) await runner.start();
    await runner.runDue();
    await runner.stop();
  };

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { MEDIA_DIR: mediaDir } });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  test('a restart removes old leftovers and keeps an upload still arriving; the job removes the rest once they are old', async () => {
    const { browser } = await verifiedProducer(app.deps, app.baseUrl, 'Ines Killed');
    const longAgo = new Date(clock.now().getTime() - 2 * HOUR);
    const oldPart = leave(path.join(partialDir(), 'a1b2c3d4e5f6a1b2c3d4e5f6.part'), 6 * 1024 * 1024, longAgo);
    const oldMaster = leave(path.join(app.deps.config.tempDir, `${TEMP_MASTER_PREFIX}killed${process.pid}`, 'master.wav'), 1024 * 1024, longAgo);
    // Killed just now: it may belong to an upload another server is still receiving.
    const recentPart = leave(path.join(partialDir(), 'f6e5d4c3b2a1f6e5d4c3b2a1.part'), 1024, clock.now());

    // An upload still arriving: its details and the first megabyte of its master, the rest held back.
    const master = wavBytes(wavDataBytes(61));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sentRest = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="details"\r\n\r\n${JSON.stringify(BEAT_DETAILS)}\r\n` +
              `--${BOUNDARY}\r\nContent-Disposition: form-data; name="master"; filename="beat.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
          ),
        );
        controller.enqueue(master.subarray(0, 1024 * 1024));
      },
      async pull(controller) {
        if (sentRest) return;
        await held;
        sentRest = true;
        controller.enqueue(master.subarray(1024 * 1024));
        controller.enqueue(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
        controller.close();
      },
    });
    const answer = fetch(`${app.baseUrl}/api/v1/studio/beats`, {
      method: 'POST',
      headers: { Cookie: browser.cookieHeader(), 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
      duplex: 'half',
    } as RequestInit);
    const others = new Set([path.basename(oldPart), path.basename(recentPart)]);
    const arriving = () => fs.readdirSync(partialDir()).find((name) => !others.has(name) && fs.statSync(path.join(partialDir(), name)).size > 0);
    while (!arriving()) await new Promise((resolve) => setImmediate(resolve));
    const inProgress = path.join(partialDir(), arriving()!);

    await runSweep({ startingUp: true });
    expect(fs.existsSync(oldPart)).toBe(false);
    expect(fs.existsSync(path.dirname(oldMaster))).toBe(false);
    expect(fs.existsSync(recentPart)).toBe(true);
    expect(fs.existsSync(inProgress)).toBe(true);

    release();
    const response = await answer;
    expect(response.status).toBe(201);
    const { productId } = (await response.json()) as { productId: number };
    expect(fs.statSync(path.join(mediaDir, `private/uploads/${productId}/master.wav`)).size).toBe(master.length);

    // The hourly run, once nothing has written to the recent leftover for longer than any request may run.
    clock.advance(ABANDONED_AFTER_MS + HOUR);
    await runSweep({ startingUp: false });
    expect(fs.readdirSync(partialDir())).toEqual([]);
  });
});
