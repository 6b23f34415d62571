import type { ComponentType } from 'react';
import { selectPageError, selectRouteName } from '../shared/features/navigation/navigationSlice';
import { ErrorPage } from './features/errorPage/ErrorPage';
import { BeatsPage } from './features/catalogue/BeatsPage';
import { HomePage } from './features/home/HomePage';
import { Link } from './features/navigation/Link';
import { RoutePage } from './features/pages/RoutePage';
import { TermsPage } from './features/terms/TermsPage';
import { useAppSelector } from './store/hooks';
import { selectRegistration, selectUser } from '../shared/features/auth/authSlice';
import { effectiveRole } from '../shared/domain/auth/roles';
import { AccountControls, CustomOrderButton } from './features/auth/AccountControls';
import { SellersUnavailablePopup } from './features/auth/SellersUnavailablePopup';
import { selectLocation } from '../shared/features/navigation/navigationSlice';
import { openUrlPopup } from '../shared/routes/popupQuery';
import { EmailConfirmationPage, ResetPasswordPage } from './features/auth/AccountPages';
import { LoginPopup } from './features/auth/LoginPopup';
import { RegistrationPopup } from './features/auth/RegistrationPopup';
import { ProducerPage } from './features/producer/ProducerPage';
import { ProductPage } from './features/product/ProductPage';
import { TagSearch } from './features/tagSearch/TagSearch';
import { PlayerBar } from './features/player/PlayerBar';
import { CartPage } from './features/cart/CartPage';
import { HeaderCart } from './features/cart/HeaderCart';

const PAGES: Readonly<Record<string, ComponentType>> = {
  index: HomePage,
  beats: BeatsPage,
  'email-confirmation-token': EmailConfirmationPage,
  'reset-password-token': ResetPasswordPage,
  'terms-and-conditions': TermsPage,
  id: ProducerPage,
  'beatmaker-id': ProducerPage,
  'product-id': ProductPage,
  cart: CartPage,
};

function UrlPopups() {
  const { search } = useAppSelector(selectLocation);
  const loggedIn = useAppSelector(selectUser) !== null;
  const registration = useAppSelector(selectRegistration);
  const user = useAppSelector(selectUser);
  const popup = openUrlPopup(search);
  // Authorized users get no login popup; a seller keeps 'Registration completed' until closing it.
  if (popup === 'login' && !loggedIn) return <LoginPopup />;
  if (popup === null && new URLSearchParams(search).has('services') && user && effectiveRole(user.roles) !== 'client') {
    return <SellersUnavailablePopup />;
  }
  if (popup === 'register' && (!loggedIn || registration.status === 'completed')) return <RegistrationPopup />;
  return null;
}

function Header() {
  return (
    <header className="site-header">
      <Link href="/" className="site-header__logo" aria-label="Beatcrate home">
        Beatcrate
      </Link>
      {useAppSelector(selectRouteName) === 'beats' && <TagSearch />}
      <nav aria-label="Main">
        <Link href="/beats">Beats</Link>
        <Link href="/services">Services</Link>
        <Link href="/for-buyers">For buyers</Link>
        <Link href="/for-sellers">For sellers</Link>
        <Link href="/contacts">Contact us</Link>
      </nav>
      <CustomOrderButton />
      <AccountControls />
      <HeaderCart />
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
      {/* Outside the page: playback goes on across client-side navigation. */}
      <PlayerBar />
      <UrlPopups />
    </div>
  );
}
