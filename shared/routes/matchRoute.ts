import { ROUTES, type RouteDefinition } from './routeTable';

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
}

/**
 * Route paths as the storefront writes them: static segments, `:name` segments, and a last
 * `:name?` that may be left out. The rules are react-router's (which this replaced: it was most of
 * the browser's vendor file, for this one function): case-insensitive, trailing slashes allowed,
 * each path segment percent-decoded, and the best-ranked path wins, whatever its place in the
 * table: a static segment scores 10, a `:name` 3, so `/for-buyers` beats `/:id`.
 */
interface CompiledPath {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
  score: number;
}

/** `/a/:b?` is two paths, `/a/:b` and `/a`, each ranked on its own. */
function explodeOptional(path: string): string[] {
  const optional = /^(.*)\/:([A-Za-z0-9_]+)\?$/.exec(path);
  return optional ? [`${optional[1]}/:${optional[2]}`, optional[1] || '/'] : [path];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(route: RouteDefinition, path: string): CompiledPath {
  const segments = path.split('/').slice(1).filter((segment) => segment !== '');
  const names: string[] = [];
  let source = '';
  // react-router's ranking: the number of segments, +1 for the empty root, +10 per static, +3 per dynamic.
  let score = segments.length + 2;
  for (const segment of segments) {
    if (segment.startsWith(':')) {
      names.push(segment.slice(1));
      source += '/([^/]+)';
      score += 3;
    } else {
      source += `/${escapeRegExp(segment)}`;
      score += 10;
    }
  }
  return { route, pattern: new RegExp(`^${source || '/'}/*$`, 'i'), names, score };
}

/** Each segment decoded on its own, an encoded slash kept inside its segment; a malformed escape stays as written. */
function decodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

const compiledTables = new WeakMap<readonly RouteDefinition[], CompiledPath[]>();

function compiledTable(routes: readonly RouteDefinition[]): CompiledPath[] {
  let table = compiledTables.get(routes);
  if (!table) {
    const compiled = routes.flatMap((route) => explodeOptional(route.path).map((path) => compile(route, path)));
    // A stable sort: equal scores keep the table's order.
    table = compiled.map((path, order) => ({ path, order })).sort((a, b) => b.path.score - a.path.score || a.order - b.order).map(({ path }) => path);
    compiledTables.set(routes, table);
  }
  return table;
}

/** Finds the route for a path with react-router's ranking (static segments beat `/:id`). */
export function matchRoute(pathname: string, routes: readonly RouteDefinition[] = ROUTES): RouteMatch | null {
  const decoded = decodePath(pathname);
  for (const { route, pattern, names } of compiledTable(routes)) {
    const found = pattern.exec(decoded);
    if (!found) continue;
    const params: Record<string, string> = {};
    names.forEach((name, index) => {
      params[name] = found[index + 1]!.replace(/%2F/g, '/');
    });
    return { route, params };
  }
  return null;
}
