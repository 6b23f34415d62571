import { PassThrough, type Readable, Transform } from 'node:stream';

/**
 * The first `bytes` of a stream (fewer when it is shorter), read before deciding what to do with
 * it, and a stream of the whole, head included, that goes on where the head stopped. A caller that
 * refuses the file by its head must destroy `whole`: the source's later error is passed on to it,
 * and on a stream nobody reads that error would be unhandled and end the process.
 */
export function splitHead(stream: Readable, bytes: number): Promise<{ head: Buffer; whole: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (ended: boolean) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', reject);
      const read = Buffer.concat(chunks);
      const whole = new PassThrough();
      whole.write(read);
      if (ended) whole.end();
      else {
        stream.once('error', (error) => whole.destroy(error));
        whole.once('close', () => {
          if (!stream.readableEnded) stream.destroy();
        });
        stream.pipe(whole);
      }
      resolve({ head: read.subarray(0, bytes), whole });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) {
        stream.pause();
        finish(false);
      }
    };
    const onEnd = () => finish(true);
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', reject);
  });
}

/** Passes the stream on, failing it with `tooLarge()` once more than `limit` bytes went through. */
export function byteCap(stream: Readable, limit: number, tooLarge: () => Error): Readable {
  let seen = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(tooLarge());
      else callback(null, chunk);
    },
  });
  stream.once('error', (error) => counted.destroy(error));
  counted.once('close', () => {
    if (!stream.readableEnded) stream.destroy();
  });
  return stream.pipe(counted);
}

/** The whole of a small stream, refused with `tooLarge()` past `limit` bytes. */
export async function readCapped(stream: Readable, limit: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    length += buffer.length;
    if (length > limit) throw tooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
