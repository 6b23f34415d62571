import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server got it, held until the test answers it. */
export interface HeldRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  /** Answers it with JSON. */
  answer(status: number, body: unknown): void;
  /** Settles when the client closes the connection before an answer (an aborted fetch). */
  abandoned: Promise<void>;
}

export interface HeldAnswerServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The nth request (from 0), once it has arrived. */
  request(index: number): Promise<HeldRequest>;
  close(): Promise<void>;
}

/**
 * A loopback HTTP server that answers nothing until the test says so: a slow API, to see what a
 * client does with a request still on its way.
 */
export async function startHeldAnswerServer(): Promise<HeldAnswerServer> {
  const arrived: HeldRequest[] = [];
  const waiting = new Map<number, (request: HeldRequest) => void>();
  const server = http.createServer((request, response) => {
    let answered = false;
    const held: HeldRequest = {
      method: request.method ?? '',
      url: request.url ?? '',
      answer(status, body) {
        answered = true;
        response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      },
      abandoned: new Promise((resolve) => response.on('close', () => !answered && resolve())),
    };
    request.resume();
    arrived.push(held);
    waiting.get(arrived.length - 1)?.(held);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    request: (index) => (arrived[index] ? Promise.resolve(arrived[index]) : new Promise((resolve) => waiting.set(index, resolve))),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
