import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ipKeyGenerator } from 'express-rate-limit';
import type { ActionLogTicket } from '../../shared/actionLog/entry';
import type { Database } from '../db/database';
import { sharedServerSecret } from '../db/serverSecrets';

/**
 * Log ids are the server's: each rendered page carries a fresh id and its proof, an HMAC of the
 * id under a server key. Issuing writes nothing (a crawler's page views cost no rows), and a
 * batch is checked without a lookup. The id alone, which travels as X-Tracking-Id, writes nothing.
 */
export interface ActionLogTickets {
  /**
   * A fresh log id and its proof; with `sessionId`, the proof of that id (the demo seed's tabs,
   * whose ids a restart after an interrupted seed derives again).
   */
  issue(sessionId?: string): ActionLogTicket;
  /** Whether `token` is the proof this server gave out with `sessionId`. */
  verify(ticket: ActionLogTicket): boolean;
  /**
   * A keyed hash of a client address (IPv6 by its /56, as our other rate limits count it): the
   * per-address limit counts in the database without storing anyone's address.
   */
  addressKey(ip: string): string;
}

/** What a batch with a proof this server did not give gets (403). */
export const NOT_ISSUED = 'This action log was not issued to this page';

/** The key of the tickets' HMAC: `ACTION_LOG_SECRET`, or the one the first server kept in the database. */
export async function actionLogTicketKey(configuredSecret: string, database: Database, now: Date): Promise<string> {
  return configuredSecret || (await sharedServerSecret(database, 'actionLogTickets', now));
}

/** The tickets under `key`: the server's, and the action-log thread's, which checks each batch it stores. */
export function actionLogTickets(key: string): ActionLogTickets {
  const mac = (purpose: string, value: string) => createHmac('sha256', key).update(`${purpose}:${value}`).digest('base64url');
  return {
    issue(sessionId = randomBytes(16).toString('base64url')) {
      return { sessionId, token: mac('actionLog', sessionId) };
    },
    verify({ sessionId, token }) {
      const expected = Buffer.from(mac('actionLog', sessionId));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    addressKey: (ip) => mac('address', ipKeyGenerator(ip)),
  };
}
