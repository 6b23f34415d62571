import { ANALYTICS_SCOPES, type AnalyticsScope } from '../../shared/schemas/analytics';
import { createAnalyticsKey, listAnalyticsKeys, revokeAnalyticsKey } from '../analytics/analyticsKeys';
import { openDatabase } from '../db/openDatabase';
import { systemClock } from '../services';
import { runAsScript, type Tool, UsageError } from './tool';

const USAGE = `Usage: npm run analytics -- keys create <name> [--scopes ${ANALYTICS_SCOPES.join(',')}]  |  keys list  |  keys revoke <id>`;

type Command = { action: 'create'; name: string; scopes: AnalyticsScope[] } | { action: 'list' } | { action: 'revoke'; id: number };

export function parseAnalyticsArguments(args: readonly string[]): Command {
  const [area, action, ...rest] = args;
  if (area !== 'keys') throw new UsageError(USAGE);
  if (action === 'list' && rest.length === 0) return { action };
  if (action === 'revoke' && rest.length === 1 && /^\d{1,15}$/.test(rest[0]!)) return { action, id: Number(rest[0]) };
  if (action !== 'create') throw new UsageError(USAGE);
  const [name, flag, scopesText, ...extra] = rest;
  if (!name || name.startsWith('--') || name.trim().length === 0 || name.length > 100) throw new UsageError(`Name the key (at most 100 characters). ${USAGE}`);
  if (extra.length > 0 || (flag !== undefined && (flag !== '--scopes' || !scopesText))) throw new UsageError(USAGE);
  const scopes = scopesText === undefined ? ['events:read'] : scopesText.split(',');
  const unknown = scopes.find((scope) => !(ANALYTICS_SCOPES as readonly string[]).includes(scope));
  if (unknown !== undefined) throw new UsageError(`Unknown scope "${unknown}": the scopes are ${ANALYTICS_SCOPES.join(', ')}`);
  return { action, name: name.trim(), scopes: scopes as AnalyticsScope[] };
}

/**
 * `npm run analytics -- keys create <name>`: makes an analytics API key (server/analytics/README.md
 * "Access") and
 * prints it once, the only time it can be read; `keys list` shows the keys without them, `keys
 * revoke <id>` ends one at once. Admins do the same in the console.
 */
export const analyticsTool: Tool = {
  name: 'analytics',
  async run(args, { databaseUrl, print }) {
    const command = parseAnalyticsArguments(args);
    const database = await openDatabase(databaseUrl);
    try {
      const now = systemClock.now();
      if (command.action === 'create') {
        const { key, view } = await createAnalyticsKey(database, { name: command.name, scopes: command.scopes, by: null, now });
        print(`Key ${view.id} "${view.name}" (${view.scopes.join(', ')}). It is shown only now; send it as Authorization: Bearer <key>:`);
        print(key);
      } else if (command.action === 'list') {
        const keys = await listAnalyticsKeys(database.query);
        if (keys.length === 0) print('No analytics keys.');
        for (const key of keys) {
          print(`${key.id}  ${key.prefix}…  ${key.name}  [${key.scopes.join(', ')}]  made ${key.createdAt}${key.lastUsedAt ? `, last used ${key.lastUsedAt}` : ''}${key.revokedAt ? `, REVOKED ${key.revokedAt}` : ''}`);
        }
      } else {
        if (!(await revokeAnalyticsKey(database, command.id, now))) throw new UsageError(`No key ${command.id} that is not revoked already`);
        print(`Key ${command.id} is revoked: requests with it get 401 from now on.`);
      }
    } finally {
      await database.close();
    }
  },
};

if (require.main === module) runAsScript(analyticsTool);
