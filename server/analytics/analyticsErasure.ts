import { sql, type Transaction } from 'kysely';
import type { Tables } from '../db/schema';

/** The properties of the stream that carry a producer's artist name (a product's brand, a follow's producer). */
const NAMED_BY = ['brand', 'producer_name'] as const;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * A producer's erasure (server/account/accountErasure.ts): every name they sold under leaves the
 * analytics stream, replaced as it is everywhere else. The stream keeps no other personal data
 * (its user ids are pseudonyms); this is a scan of the table, which an erasure can afford.
 */
export async function eraseNamesFromAnalytics(tx: Transaction<Tables>, names: readonly string[], replacement: string): Promise<void> {
  for (const name of new Set(names)) {
    if (name === replacement) continue;
    for (const property of NAMED_BY) {
      const needle = `"${property}":${JSON.stringify(name)}`;
      const replaced = `"${property}":${JSON.stringify(replacement)}`;
      await sql`UPDATE analytics_events SET message = replace(message, ${needle}, ${replaced}) WHERE message LIKE ${`%${likeEscaped(needle)}%`} ESCAPE '\\'`.execute(tx);
    }
  }
}
