import type { ApiBrowser } from './accountClient';

export interface Frame {
  comment?: string;
  id?: string;
  data?: string;
}

/** Reads the account's event stream frame by frame, as EventSource would. */
export async function openStream(baseUrl: string, browser: ApiBrowser, headers: Record<string, string> = {}) {
  return openEventStream(`${baseUrl}/api/v1/account/sse`, { Cookie: browser.cookieHeader(), ...headers });
}

/** Reads an event stream frame by frame, as EventSource would. */
export async function openEventStream(url: string, headers: Record<string, string>) {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let pending: Promise<ReadableStreamReadResult<string>> | null = null;
  /** The next frame, or null once the server ended the stream. */
  const next = async (timeoutMs = 5000): Promise<Frame | null> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const frame: Frame = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) frame.comment = line.slice(1).trim();
          else if (line.startsWith('id: ')) frame.id = line.slice(4);
          else if (line.startsWith('data: ')) frame.data = line.slice(6);
        }
        return frame;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no frame within ${timeoutMs} ms; have ${JSON.stringify(buffer)}`);
      let timer: NodeJS.Timeout | undefined;
      // A read that lost the race stays pending and is awaited next time, so no chunk is dropped.
      pending ??= reader.read();
      const chunk = await Promise.race([pending, new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), left)))]);
      clearTimeout(timer);
      if (chunk === 'timeout') continue;
      pending = null;
      if (chunk.done) return null;
      buffer += chunk.value;
    }
  };
  /** The next frame with data, skipping heartbeats. */
  const nextData = async () => {
    for (;;) {
      const frame = await next();
      if (frame === null || frame.data !== undefined) return frame;
    }
  };
  return { response, next, nextData, close: () => abort.abort() };
}
