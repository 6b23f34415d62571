import { selectUser } from '../../../shared/features/auth/authSlice';
import { panelToggled, selectPanel } from '../../../shared/features/shell/shellSlice';
import { popupOpened } from '../../../sagas/auth/popupActions';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Avatar } from '../auth/AccountControls';
import { MenuIcon, UserIcon } from './icons';

/** SPEC §2, below 1280 px: a bar at the bottom with the hamburger, the cart with its counter and the avatar. */
export function FooterBar() {
  const dispatch = useAppDispatch();
  const panel = useAppSelector(selectPanel);
  const user = useAppSelector(selectUser);
  return (
    <nav className="footer-bar" aria-label="Quick">
      <button type="button" className="icon-button" aria-label="Menu" aria-expanded={panel === 'navigation'} onClick={() => dispatch(panelToggled('navigation'))}>
        <MenuIcon />
      </button>
      {/* The header's cart (icon, counter and dropdown) is placed here by CSS below 1280 px: one
          cart control in the page, so its dropdown and its name are never doubled. */}
      <span className="footer-bar__cart-slot" aria-hidden="true" />
      {user ? (
        <button
          type="button"
          className="user-menu__avatar"
          aria-label={user.isProBuyer ? 'Account menu (PRO)' : 'Account menu'}
          aria-expanded={panel === 'userMenu'}
          onClick={() => dispatch(panelToggled('userMenu'))}
        >
          <Avatar />
        </button>
      ) : (
        <a
          href="?login=true"
          className="icon-button"
          aria-label="Log In"
          onClick={(event) => {
            event.preventDefault();
            dispatch(popupOpened('login'));
          }}
        >
          <UserIcon />
        </a>
      )}
    </nav>
  );
}
