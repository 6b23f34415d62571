import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createApp } from '../server/app';
import { grantRole } from '../server/auth/staffRoles';
import { loadConfig } from '../server/config';
import { closeAppDeps, openAppDeps } from '../server/services';
import { BEAT_DETAILS } from '../test/helpers/beatUploads';
import { registration } from '../test/helpers/accountClient';
import { wavBytes } from '../test/helpers/wavBytes';
import { compared, type Metric, standalone } from './metric';
import { median, timeMs } from './stats';
import { withTempDir } from './tempDir';
import { whileListening } from './whileListening';

const MASTER_MB = 200;
const RUNS = 3;
const MB = 1024 * 1024;
const BOUNDARY = 'beatcrate-bench-boundary';

/** A WAV of `MASTER_MB` whose header states all of it (silence, 19 minutes at CD quality): the upload checks only its head. */
function bigMaster(dir: string): string {
  const padded = path.join(dir, 'master.wav');
  const dataBytes = MASTER_MB * MB - 44;
  const header = wavBytes(0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.writeUInt32LE(dataBytes, 40);
  fs.writeFileSync(padded, header);
  fs.truncateSync(padded, MASTER_MB * MB);
  return padded;
}

/** POST /studio/beats with the master streamed from disk, as a browser sends a chosen file. */
function upload(origin: string, cookie: string, master: string): Promise<number> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="details"\r\n\r\n${JSON.stringify(BEAT_DETAILS)}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="master"; filename="master.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const url = new URL(`${origin}/api/v1/studio/beats`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': head.length + fs.statSync(master).size + tail.length },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.write(head);
    const file = fs.createReadStream(master);
    file.on('error', reject);
    file.on('end', () => request.end(tail));
    file.pipe(request, { end: false });
  });
}

/**
 * Upload throughput of a 200 MB master over loopback (multipart parsing, the content check, the
 * byte cap, written to media storage on local disk) against a plain streamed copy of the same file
 * on the same disk, and how far the server's memory grew meanwhile: the upload streams, so it
 * should grow by buffers, not by the file.
 */
export async function uploadBench(progress: (line: string) => void, options: { quick: boolean }): Promise<Metric[]> {
  const runs = options.quick ? 1 : RUNS;
  return withTempDir('upload', async (dir) => {
    const master = bigMaster(dir);
    const copies: number[] = [];
    for (let run = 0; run < runs; run++) {
      copies.push(await timeMs(() => pipeline(fs.createReadStream(master), fs.createWriteStream(path.join(dir, `copy-${run}.wav`)))));
      fs.rmSync(path.join(dir, `copy-${run}.wav`));
    }
    const config = { ...loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'upload.sqlite')}`, MEDIA_DIR: path.join(dir, 'media'), CAPTCHA: 'off' }), port: 0 };
    const deps = await openAppDeps(config);
    try {
      return await whileListening(createApp(deps, { assets: { scripts: [], styles: [] } }), async (origin) => {
        const call = async (method: string, pathName: string, body: unknown, cookie = '') => {
          const response = await fetch(`${origin}/api/v1${pathName}`, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify(body) });
          if (response.status >= 300) throw new Error(`${method} ${pathName} answered ${response.status}: ${await response.text()}`);
          await response.arrayBuffer();
          return response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
        };
        const producer = await call('POST', '/auth/register', registration({ email: 'bench-producer@example.com', selectedRole: 'producer', socialNetwork: 'facebook.com/bench' }));
        await call('POST', '/producer/verification', { artistName: 'Bench Producer', shortName: 'benchproducer', legalName: 'Bench Producer', dateOfBirth: '1990-05-01', address: 'Torstraße 1, 10119 Berlin', country: 'Germany' }, producer);
        const moderator = await call('POST', '/auth/register', registration({ email: 'bench-moderator@example.com' }));
        await grantRole(deps, 'bench-moderator@example.com', 'moderator');
        const userId = Number((await deps.database.query.selectFrom('producer_verifications').select('user_id').executeTakeFirstOrThrow()).user_id);
        await call('POST', `/moderation/producers/${userId}/approve`, {}, moderator);

        progress(`upload: ${runs} uploads of a ${MASTER_MB} MB master`);
        const uploads: number[] = [];
        let peakGrowth = 0;
        for (let run = 0; run < runs; run++) {
          global.gc?.();
          const before = process.memoryUsage().rss;
          const sampler = setInterval(() => (peakGrowth = Math.max(peakGrowth, process.memoryUsage().rss - before)), 20);
          uploads.push(
            await timeMs(async () => {
              const status = await upload(origin, producer, master);
              if (status !== 201) throw new Error(`the upload answered ${status}`);
            }),
          );
          clearInterval(sampler);
          // Under the per-producer cap of waiting uploads: this bench runs no processing job.
          await deps.database.transaction((tx) => tx.updateTable('studio_products').set({ status: 'failed' }).execute());
        }
        const rate = (ms: number) => MASTER_MB / (ms / 1000);
        return [
          compared(`upload a ${MASTER_MB} MB master over loopback to local-disk storage (median of ${runs}) vs a streamed copy of the file`, rate(median(uploads)), 'MB/s', rate(median(copies)), '≥ 0.25 of a file copy'),
          standalone(`upload a ${MASTER_MB} MB master: the server process's peak memory growth`, peakGrowth / MB, 'MB'),
        ];
      });
    } finally {
      await closeAppDeps(deps);
    }
  });
}
