import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Webhook } from 'standardwebhooks';
import { checkedLookup, nonPublicHost, type WebhookTargetPolicy } from './webhookTargets';

/** A receiver's answer is read this far and no further: only its status counts. */
const MAX_ANSWER_BYTES = 64 * 1024;
const MAX_ERROR_LENGTH = 300;

interface SignedPost {
  url: string;
  secret: string;
  /** `webhook-id`: the batch's, the same on every attempt at it. */
  id: string;
  /** `webhook-timestamp`: this attempt's. */
  at: Date;
  body: string;
}

export type PostOutcome =
  /** The receiver answered (2xx delivers; anything else is retried). */
  | { statusCode: number; error: null }
  /** No answer: refused, timed out, a non-public address… */
  | { statusCode: null; error: string }
  /** This server began to stop while the request was on its way. */
  | { statusCode: null; error: string; stopped: true };

/** The Standard Webhooks headers of one attempt (`standardwebhooks` signs `id.timestamp.body` with HMAC-SHA256). */
function signedHeaders(post: Pick<SignedPost, 'secret' | 'id' | 'at' | 'body'>): Record<string, string> {
  return {
    'webhook-id': post.id,
    'webhook-timestamp': String(Math.floor(post.at.getTime() / 1000)),
    'webhook-signature': new Webhook(post.secret).sign(post.id, post.at, post.body),
  };
}

/**
 * POSTs one signed batch and says what came of it, never throwing. Redirects are not followed (a
 * 3xx is an answer like any other, and retried). In every mode the host must be one the policy
 * allows: an address literal is checked here, a name on each connection (`checkedLookup`).
 */
export async function postSigned(
  post: SignedPost,
  options: { production: boolean; targets: WebhookTargetPolicy; timeoutMs: number; signal: AbortSignal },
): Promise<PostOutcome> {
  const url = new URL(post.url);
  if (options.production && url.protocol !== 'https:') return { statusCode: null, error: 'Only https:// receives deliveries in production' };
  if (net.isIP(url.hostname.replace(/^\[(.*)\]$/, '$1')) !== 0) {
    const refusal = await nonPublicHost(url.hostname, options.targets);
    if (refusal) return { statusCode: null, error: refusal };
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout]);
  return new Promise((resolve) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'Beatcrate-Webhooks/1', ...signedHeaders(post) },
        signal,
        lookup: checkedLookup(options.targets),
      },
      (response) => {
        resolve({ statusCode: response.statusCode ?? 0, error: null });
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        // A body cut short after its status came changes nothing.
        response.on('error', () => undefined);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (options.signal.aborted) resolve({ statusCode: null, error: 'The server stopped before an answer came', stopped: true });
      else if (timeout.aborted) resolve({ statusCode: null, error: `No answer within ${options.timeoutMs / 1000} s` });
      else resolve({ statusCode: null, error: describeFailure(error) });
    });
    request.end(post.body);
  });
}

function describeFailure(error: NodeJS.ErrnoException): string {
  const text = error.code === 'ECONNREFUSED' ? 'Connection refused (ECONNREFUSED)' : error.code && !error.message.includes(error.code) ? `${error.message} (${error.code})` : error.message;
  return text.slice(0, MAX_ERROR_LENGTH);
}
