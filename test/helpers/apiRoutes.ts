import type express from 'express';
import { API_PREFIX } from '../../shared/domain/constants';

interface RouterLayer {
  rawPath?: string | RegExp | (string | RegExp)[];
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: RouterLayer[] };
}

/**
 * Every `METHOD /path` the app routes under /api/v1, read from Express's own router (the
 * endpoint list and each router mounted beside it), so a route nobody listed cannot hide.
 * Rate limiters mounted on a route's path are found too; they share the route's name.
 */
export function listApiRoutes(app: express.Express): string[] {
  const routes = new Set<string>();
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') routes.add(`${method.toUpperCase()} ${prefix}${layer.route.path}`);
      } else if (layer.handle.stack) {
        if (typeof layer.rawPath !== 'string') throw new Error(`A router mounted on ${String(layer.rawPath)} cannot be listed`);
        walk(layer.handle.stack, layer.rawPath === '/' ? prefix : `${prefix}${layer.rawPath}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: RouterLayer[] } }).router.stack, '');
  return [...routes]
    .filter((route) => route.split(' ')[1]!.startsWith(`${API_PREFIX}/`))
    .map((route) => route.replace(` ${API_PREFIX}`, ' '))
    .sort();
}
