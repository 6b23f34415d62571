import { matchRoutes } from 'react-router';
import { ROUTES, type RouteDefinition } from './routeTable';

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
}

/** Finds the route for a path with react-router's ranking (static segments beat `/:id`). */
export function matchRoute(pathname: string, routes: readonly RouteDefinition[] = ROUTES): RouteMatch | null {
  const matches = matchRoutes(
    routes.map((route) => ({ path: route.path, route })),
    pathname,
  );
  const last = matches?.[matches.length - 1];
  if (!last) return null;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(last.params)) if (value !== undefined) params[key] = value;
  return { route: last.route.route, params };
}
