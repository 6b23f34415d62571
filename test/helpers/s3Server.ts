import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  /** The server's files on disk, for tests that watch what reached it. */
  directory: string;
  /** Settings that point an app at this server's bucket. */
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

/** s3rver's fixed credentials: it checks the signature against them. */
const ACCESS_KEY = 'S3RVER';

/** An S3-compatible server on a free loopback port, with one empty bucket; files in a temporary folder. */
export async function startS3Server(bucket = 'beatcrate-media'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
