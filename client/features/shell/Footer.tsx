import { useId } from 'react';
import { selectFeatures } from '../../../shared/features/config/configSlice';
import { panelToggled, selectPanel } from '../../../shared/features/shell/shellSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { SubscribeForm } from '../pages/SubscribeForm';
import { LinkItems } from './LinkItems';
import { BLOG_LINKS, HOW_IT_WORKS_LINKS, SHOP_LINKS, SOCIAL_LINKS } from './menuLinks';

/** The footer's Menu and Blog groups: in the footer from 1280 px, in the footer panel below. */
export function FooterLinks() {
  const features = useAppSelector(selectFeatures);
  const menuId = useId();
  const blogId = useId();
  return (
    <div className="footer-links">
      <nav className="footer-links__group" aria-labelledby={menuId}>
        <h2 id={menuId}>Menu</h2>
        <ul>
          <LinkItems links={SHOP_LINKS} />
<LinkItems links={HOW_IT_WORKS_LINKS} />
          {/* SPEC §1: hidden while the PRO membership feature is off. */}
          {features.proMembership && (
            <li>
              <Link href="/pro-membership">PRO membership</Link>
            </li>
          )}
          <li>
            <Link href="/crypto-payouts">Crypto payouts</Link>
          </li>
        </ul>
      </nav>
      <nav className="footer-links__group" aria-labelledby={blogId}>
        <h2 id={blogId}>Blog</h2>
        <ul>
<LinkItems links={BLOG_LINKS} />
        </ul>
      </nav>
    </div>
  );
}

/** The association-approval badge (SPEC §1). */
function ApprovalBadge() {
  return (
    <p className="approval-badge">
      <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z" fill="currentColor" opacity="0.25" />
        <path d="m8 12 3 3 5-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>
        Approved by the association
        <br />
        of independent music producers
      </span>
    </p>
  );
}

/** SPEC §2 footer: menu, blog links, the newsletter, Privacy policy, Terms of use, Contact us, social links, the badge. */
export function Footer() {
  const dispatch = useAppDispatch();
  const panel = useAppSelector(selectPanel);
  return (
    <footer className="site-footer">
      <div className="site-footer__top">
        <div className="site-footer__groups">
          <FooterLinks />
        </div>
        <SubscribeForm />
      </div>
      <div className="site-footer__bottom">
        <ul className="site-footer__legal">
          <li>
            <Link href="/privacy-policy">Privacy policy</Link>
          </li>
          <li>
            <Link href="/terms-and-conditions">Terms of use</Link>
          </li>
          <li>
            <Link href="/contacts">Contact us</Link>
          </li>
          <li className="site-footer__more">
            <button type="button" className="link-button" aria-expanded={panel === 'footer'} onClick={() => dispatch(panelToggled('footer'))}>
              Menu and blog
            </button>
          </li>
        </ul>
        <ul className="site-footer__social" aria-label="Social links">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href} rel="noopener noreferrer" target="_blank">
                {link.title}
              </a>
            </li>
          ))}
        </ul>
        <ApprovalBadge />
        <p className="site-footer__copyright">© Beatcrate</p>
      </div>
    </footer>
  );
}
