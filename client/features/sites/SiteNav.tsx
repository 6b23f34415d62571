import { USER_MENUS } from '../../../shared/domain/auth/userMenus';
import { effectiveRole } from '../../../shared/domain/auth/roles';
import { selectUser } from '../../../shared/features/auth/authSlice';
import { selectLocation } from '../../../shared/features/navigation/navigationSlice';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { useSiteHref } from './useSiteHref';

/** The left navigation of the dashboard and admin sites: the role's menu of SPEC §2, the current page marked. */
export function SiteNav({ id, open, onFollow }: { id: string; open: boolean; onFollow: () => void }) {
  const user = useAppSelector(selectUser);
  const { pathname } = useAppSelector(selectLocation);
  const href = useSiteHref();
  const role = user ? effectiveRole(user.roles) : null;
  if (!role) return null;
  return (
    <nav id={id} className="site-nav" aria-label="Account" data-open={open}>
      <ul>
        {USER_MENUS[role].map((link) => {
          const target = href(link);
          return (
            <li key={link.title}>
              <Link href={target} aria-current={target === pathname ? 'page' : undefined} onClick={onFollow}>
                {link.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
