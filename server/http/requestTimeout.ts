/**
 * The longest a request may take (Node's `server.requestTimeout`, set in start.ts): a 300 MB master
 * on a slow uplink takes longer than Node's default 5 minutes to arrive. Past it the server ends the
 * request, so anything an upload held for longer was left by a request that died with its server.
 */
export const REQUEST_TIMEOUT_MS = 60 * 60_000;

/**
 * How long an idle keep-alive connection is kept (Node's `server.keepAliveTimeout`, 5 s by default).
 * A client that reuses a connection as the server closes it meets a reset: a load balancer in
 * front (AWS's keeps idle connections 60 s) answers that as a 502, and an API client whose event
 * loop is busy sends late. The server keeps idle connections longer than those clients do.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
