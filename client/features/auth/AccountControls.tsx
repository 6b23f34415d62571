import { useEffect, useRef, useState } from 'react';
import { dashboardLinkFor, type MenuLink, SERVICES_PATH, USER_MENUS } from '../../../shared/domain/auth/userMenus';
import { effectiveRole } from '../../../shared/domain/auth/roles';
import { logoutRequested, selectUser } from '../../../shared/features/auth/authSlice';
import { popupOpened } from '../../../sagas/auth/popupActions';
import { changeQueryRequested } from '../../../sagas/navigation/queryActions';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { useSiteHref } from '../sites/useSiteHref';

/** The avatar's menu for the logged-in user's role: 'Go to dashboard', the role's links (SPEC §2 "User menus"). */
export function useUserMenuLinks(): Array<{ title: string; href: string }> {
  const user = useAppSelector(selectUser);
  const href = useSiteHref();
  const role = user ? effectiveRole(user.roles) : null;
  if (!role) return [];
  return [
    ...[dashboardLinkFor(role), ...USER_MENUS[role]].map((link: MenuLink) => ({ title: link.title, href: href(link) })),
  ];
}

/** The avatar (with the PRO badge) of the logged-in user. */
export function Avatar() {
  const user = useAppSelector(selectUser);
  if (!user) return null;
  return (
    <>
      {user.avatar ? <img src={user.avatar.directSrc} alt="" /> : user.firstName.slice(0, 1).toUpperCase()}
      {user.isProBuyer && (
        <span className="badge" aria-hidden="true">
          PRO
        </span>
      )}
    </>
  );
}

/** Log In for guests; for members the avatar (with the PRO badge) and their role's menu. */
export function AccountControls() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const links = useUserMenuLinks();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const avatar = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    // Escape closes it, and the keyboard goes on from the avatar that opened it.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (menu.current?.contains(document.activeElement)) avatar.current?.focus();
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const role = user ? effectiveRole(user.roles) : null;
  if (!user || !role) {
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
    <div className="user-menu" ref={menu}>
      <button
        ref={avatar}
        type="button"
        className="user-menu__avatar"
        aria-label={user.isProBuyer ? 'Account menu (PRO)' : 'Account menu'}
        aria-expanded={open}
        aria-haspopup="menu"
        onClick={() => setOpen(!open)}
      >
        <Avatar />
      </button>
      {open && (
        <ul className="user-menu__list" role="menu">
          {links.map((link) => (
            <li role="none" key={link.title}>
              <Link role="menuitem" href={link.href} onClick={() => setOpen(false)}>
                {link.title}
              </Link>
            </li>
          ))}
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                dispatch(logoutRequested());
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

/** SPEC §6: guests log in first (carrying the services address), clients go to it, producers may not. */
export function CustomOrderButton() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const servicesUrl = useSiteHref()({ site: 'dashboard', path: SERVICES_PATH });
  const role = user ? effectiveRole(user.roles) : null;
  if (role === 'client') {
    return (
      <a className="custom-order" href={servicesUrl}>
        Custom order
      </a>
    );
  }
  return (
    <button
      type="button"
      className="custom-order"
      onClick={() =>
        dispatch(changeQueryRequested(role ? { services: servicesUrl } : { login: 'true', services: servicesUrl }))
      }
    >
      Custom order
    </button>
  );
}
