import type { PageError } from '../../../shared/features/navigation/navigationSlice';
import { Link } from '../navigation/Link';

/** SPEC §2 "Error page". */
export function ErrorPage({ error }: { error: PageError }) {
  const title =
    error.statusCode === 404 ? 'Page not found (404)' : error.statusCode === 500 ? 'Server error (500)' : 'Error!';
  return (
    <main className="error-page">
      <h1>Opps!</h1>
      <h2>{title}</h2>
      {error.noRoute && <p>This page could not be found</p>}
      {error.statusCode === 500 && error.message.startsWith('Unknown middleware') && <p>{error.message}</p>}
      <Link href="/">Go back to home</Link>
    </main>
  );
}

/** Shown when rendering the error page itself failed. */
export function ErrorPageFallback() {
  return (
    <main className="error-page">
      <h1>Opps!</h1>
      <p>An error occurred while showing the error page</p>
      <a href="/">Go back to home</a>
    </main>
  );
}
