import { useId, useState } from 'react';
import { logoutRequested, selectUser } from '../../../shared/features/auth/authSlice';
import { panelClosed, selectPanel } from '../../../shared/features/shell/shellSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CustomOrderButton, useUserMenuLinks } from '../auth/AccountControls';
import { Link } from '../navigation/Link';
import { TagSearch } from '../tagSearch/TagSearch';
import { FooterLinks } from './Footer';
import { LinkItems } from './LinkItems';
import { HOW_IT_WORKS_LINKS, SHOP_LINKS } from './menuLinks';
import { Panel } from './Panel';

/** SPEC §2: Go to Main, Menu, Beats, Services, How it works (submenu), Contact us. */
function NavigationPanel() {
  const [howOpen, setHowOpen] = useState(false);
  const submenuId = useId();
  return (
    <Panel title="Navigation" className="panel--navigation">
      <nav aria-label="Mobile">
        <ul className="panel__list">
          <li>
            <Link href="/">Go to Main</Link>
          </li>
          <li className="panel__section" aria-hidden="true">
            Menu
          </li>
          <LinkItems links={SHOP_LINKS} />
          <li>
            <button type="button" className="panel__submenu-toggle" aria-expanded={howOpen} aria-controls={submenuId} onClick={() => setHowOpen(!howOpen)}>
              How it works
              <span className="caret" aria-hidden="true" />
            </button>
            <ul id={submenuId} className="panel__submenu" hidden={!howOpen}>
<LinkItems links={HOW_IT_WORKS_LINKS} />
            </ul>
          </li>
          <li>
            <Link href="/contacts">Contact us</Link>
          </li>
        </ul>
      </nav>
      <CustomOrderButton />
    </Panel>
  );
}

/** The avatar's menu below 1280 px. */
function UserMenuPanel() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const links = useUserMenuLinks();
  return (
    <Panel title={user ? `${user.firstName} ${user.lastName}` : 'Account'} className="panel--user">
      <ul className="panel__list">
        {links.map((link) => (
          <li key={link.title}>
            <a href={link.href}>{link.title}</a>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="panel__item-button"
            onClick={() => {
              dispatch(panelClosed());
              dispatch(logoutRequested());
            }}
          >
            Logout
          </button>
        </li>
      </ul>
    </Panel>
  );
}

function TagSearchPanel() {
  return (
    <Panel title="Search by tags" className="panel--search">
      <TagSearch desktop={false} />
    </Panel>
  );
}

function FooterPanel() {
  return (
    <Panel title="More" className="panel--footer">
      <FooterLinks />
    </Panel>
  );
}

/**
 * The open tablet panel. The filter panel is the shop's own filter column (BeatsPage), shown
 * as a sheet when the panel state says so.
 */
export function Panels() {
  const panel = useAppSelector(selectPanel);
  const loggedIn = useAppSelector(selectUser) !== null;
  switch (panel) {
    case 'navigation':
      return <NavigationPanel />;
    case 'userMenu':
      return loggedIn ? <UserMenuPanel /> : null;
    case 'tagSearch':
      return <TagSearchPanel />;
    case 'footer':
      return <FooterPanel />;
    case 'filter':
    case null:
      return null;
    default: {
      const _never: never = panel;
      return _never;
    }
  }
}
