import { useEffect, useId, useRef, useState } from 'react';
import { selectRouteName } from '../../../shared/features/navigation/navigationSlice';
import { selectProduct } from '../../../shared/features/product/productSlice';
import { panelToggled, selectPanel } from '../../../shared/features/shell/shellSlice';
import { hasShopTools, tabletPageTitle } from '../../../shared/routes/pageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { AccountControls, CustomOrderButton } from '../auth/AccountControls';
import { Link } from '../navigation/Link';
import { TagSearch } from '../tagSearch/TagSearch';
import { HeaderCart } from '../cart/HeaderCart';
import { FilterIcon, SearchIcon } from './icons';
import { LinkItems } from './LinkItems';
import { HOW_IT_WORKS_LINKS, SHOP_LINKS } from './menuLinks';
import { NotificationToast } from './Toasts';

/** Pages whose header is transparent while the page is at its top. */
const TRANSPARENT_ON = new Set(['index']);

function useAtPageTop(): boolean {
  const [atTop, setAtTop] = useState(true);
  useEffect(() => {
    const update = () => setAtTop(window.scrollY < 8);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return atTop;
}

/** 'How it works' with For buyers and For sellers: opens on hover, click or keyboard; Escape and an outside click close it. */
function HowItWorksMenu() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);
  return (
    <li
      className="menu-dropdown"
      data-open={open}
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          root.current?.querySelector('button')?.focus();
        }
      }}
    >
      <button type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        How it works
        <span className="caret" aria-hidden="true" />
      </button>
      <ul id={listId} className="menu-dropdown__list">
        {HOW_IT_WORKS_LINKS.map((link) => (
          <li key={link.href}>
            <Link href={link.href} onClick={() => setOpen(false)}>
              {link.title}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * SPEC §2 header. From 1280 px: logo, tag search on /beats, the menu, Custom order, Log In or the
 * avatar, the cart with its dropdown. Below: the page title (or the logo), and on the shop the search and filter
 * buttons; the rest moves to the footer bar. Which parts show is CSS (media queries), so the
 * server render and hydration agree at any width.
 */
export function Header() {
  const dispatch = useAppDispatch();
  const routeName = useAppSelector(selectRouteName);
  const product = useAppSelector(selectProduct);
  const panel = useAppSelector(selectPanel);
  const atTop = useAtPageTop();
  const title = tabletPageTitle(routeName, product?.name ?? null);
  const transparent = routeName !== null && TRANSPARENT_ON.has(routeName) && atTop;
  return (
    <header className="site-header" data-transparent={transparent} data-titled={title !== null}>
      <div className="site-header__inner">
        <Link href="/" className="site-header__logo" aria-label="Beatcrate home">
          Beatcrate
        </Link>
        {title !== null && <p className="site-header__title">{title}</p>}
        {routeName === 'beats' && (
          <div className="site-header__search">
            <TagSearch desktop />
          </div>
        )}
        {/* The notification toast lies over the menu, not over the list: a card's heart or Add to cart is the next click. */}
        <div className="site-header__middle">
          <nav className="site-header__menu" aria-label="Main">
            <ul>
              <LinkItems links={SHOP_LINKS} />
              <HowItWorksMenu />
              <li>
                <Link href="/contacts">Contact us</Link>
              </li>
            </ul>
          </nav>
          <NotificationToast />
        </div>
        <div className="site-header__actions">
          <CustomOrderButton />
          <AccountControls />
          <HeaderCart />
        </div>
        {hasShopTools(routeName) && (
          <div className="site-header__tools">
            <button
              type="button"
              className="icon-button"
              aria-label="Search by tags"
              aria-expanded={panel === 'tagSearch'}
              onClick={() => dispatch(panelToggled('tagSearch'))}
            >
              <SearchIcon />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label="Filters"
              aria-expanded={panel === 'filter'}
              aria-controls="filter-panel"
              onClick={() => dispatch(panelToggled('filter'))}
            >
              <FilterIcon />
            </button>
          </div>
        )}
      </div>
    </header>
  );
}
