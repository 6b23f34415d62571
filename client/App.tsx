import type { ComponentType } from 'react';
import { selectPageError, selectRouteName } from '../shared/features/navigation/navigationSlice';
import { ErrorPage } from './features/errorPage/ErrorPage';
import { HomePage } from './features/home/HomePage';
import { Link } from './features/navigation/Link';
import { RoutePage } from './features/pages/RoutePage';
import { useAppDispatch, useAppSelector } from './store/hooks';
import { logoutRequested, selectRegistration, selectUser } from '../shared/features/auth/authSlice';
import { selectLocation } from '../shared/features/navigation/navigationSlice';
import { openUrlPopup } from '../shared/routes/popupQuery';
import { popupOpened } from '../sagas/auth/popupActions';
import { LoginPopup } from './features/auth/LoginPopup';
import { RegistrationPopup } from './features/auth/RegistrationPopup';

const PAGES: Readonly<Record<string, ComponentType>> = {
  index: HomePage,
};

function AccountControls() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  if (!user) {
    return (
      <a
        href="?login=true"
        className="site-header__login"
        onClick={(event) => {
          event.preventDefault();
          dispatch(popupOpened('login'));
        }}
      >
        Log In
      </a>
    );
  }
  return (
    <span className="site-header__account">
      <span className="site-header__avatar" aria-label={user.isProBuyer ? 'PRO account' : 'Account'}>
        {user.firstName.slice(0, 1).toUpperCase()}
        {user.isProBuyer && <span className="badge">PRO</span>}
      </span>
      <button type="button" className="link-button" onClick={() => dispatch(logoutRequested())}>
        Logout
      </button>
    </span>
  );
}

function UrlPopups() {
  const { search } = useAppSelector(selectLocation);
  const loggedIn = useAppSelector(selectUser) !== null;
  const registration = useAppSelector(selectRegistration);
  const popup = openUrlPopup(search);
  // Authorized users get no login popup; a seller keeps 'Registration completed' until closing it.
  if (popup === 'login' && !loggedIn) return <LoginPopup />;
  if (popup === 'register' && (!loggedIn || registration.status === 'completed')) return <RegistrationPopup />;
  return null;
}

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
      <AccountControls />
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
      <UrlPopups />
    </div>
  );
}
