import type { ComponentType } from 'react';
import { selectPageError, selectRouteName } from '../shared/features/navigation/navigationSlice';
import { ErrorPage } from './features/errorPage/ErrorPage';
import { HomePage } from './features/home/HomePage';
import { Link } from './features/navigation/Link';
import { RoutePage } from './features/pages/RoutePage';
import { useAppSelector } from './store/hooks';

const PAGES: Readonly<Record<string, ComponentType>> = {
  index: HomePage,
};

function Header() {
  return (
    <header className="site-header">
      <Link href="/" className="site-header__logo" aria-label="Beatcrate home">
        Beatcrate
      </Link>
      <nav aria-label="Main">
        <Link href="/beats">Beats</Link>
        <Link href="/services">Services</Link>
        <Link href="/for-buyers">For buyers</Link>
        <Link href="/for-sellers">For sellers</Link>
        <Link href="/contacts">Contact us</Link>
      </nav>
    </header>
  );
}

function Footer() {
  return (
    <footer className="site-footer">
      <Link href="/privacy-policy">Privacy policy</Link>
      <Link href="/terms-and-conditions">Terms of use</Link>
      <Link href="/contacts">Contact us</Link>
    </footer>
  );
}

/** The whole storefront; it renders from the store alone, so server and browser agree. */
export function App() {
  const error = useAppSelector(selectPageError);
  const routeName = useAppSelector(selectRouteName);
  const Page = routeName ? PAGES[routeName] : undefined;
  return (
    <div className="app">
      <Header />
      {error ? <ErrorPage error={error} /> : Page ? <Page /> : <RoutePage routeName={routeName ?? ''} />}
      <Footer />
    </div>
  );
}
