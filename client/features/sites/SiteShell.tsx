import { type ReactNode, useEffect, useId, useState } from 'react';
import { selectLocation } from '../../../shared/features/navigation/navigationSlice';
import type { Site } from '../../../shared/sites/siteLinks';
import { useAppSelector } from '../../store/hooks';
import { AccountControls } from '../auth/AccountControls';
import { Link } from '../navigation/Link';
import { ProgressBar } from '../shell/ProgressBar';
import { ErrorToast, NotificationToast } from '../shell/Toasts';
import { SiteNav } from './SiteNav';

const SITE_NAMES: Readonly<Record<Site, string>> = { dashboard: 'Dashboard', admin: 'Admin' };

/**
 * The frame of the dashboard and admin sites: the storefront's logo and account controls on top,
 * the role's menu on the left (a panel behind 'Menu' on narrow screens), the page's title and content.
 */
export function SiteShell({ site, title, children }: { site: Site; title: string; children: ReactNode }) {
  const navId = useId();
  const [navOpen, setNavOpen] = useState(false);
  const { pathname } = useAppSelector(selectLocation);
  // A new page closes the panel, whichever way it was reached (a link, back, forward).
  useEffect(() => setNavOpen(false), [pathname]);
  return (
    <div className="app site-app">
      <ProgressBar />
      <header className="site-header">
        <div className="site-header__inner site-app__bar">
          <Link href="/" className="site-header__logo" aria-label="Beatcrate home">
            Beatcrate
          </Link>
          <span className="site-app__name">{SITE_NAMES[site]}</span>
          <button type="button" className="site-app__menu-button" aria-expanded={navOpen} aria-controls={navId} onClick={() => setNavOpen(!navOpen)}>
            Menu
          </button>
          <div className="site-app__account">
            <AccountControls />
          </div>
        </div>
      </header>
      <ErrorToast />
      <div className="site-app__body">
        <SiteNav id={navId} open={navOpen} onFollow={() => setNavOpen(false)} />
        <main className="site-page">
          <h1>{title}</h1>
          {children}
        </main>
      </div>
      <NotificationToast />
    </div>
  );
}
