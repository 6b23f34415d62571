/**
 * The longest a request may take (Node's `server.requestTimeout`, set in start.ts): a 300 MB master
 * on a slow uplink takes longer than Node's default 5 minutes to arrive. Past it the server ends the
 * request, so anything an upload held for longer was left by a request that died with its server.
 */
export const REQUEST_TIMEOUT_MS = 60 * 60_000;
