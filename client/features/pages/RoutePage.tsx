import { ROUTES } from '../../../shared/routes/routeTable';

/** Pages whose content lands with their own issue show their title meanwhile. */
export function RoutePage({ routeName }: { routeName: string }) {
  const title = ROUTES.find((route) => route.name === routeName)?.title ?? routeName;
  return (
    <main className="route-page">
      <h1>{title}</h1>
    </main>
  );
}
