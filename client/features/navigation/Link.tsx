import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import { useAppDispatch } from '../../store/hooks';

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** A real link that the app follows without reloading; a modified click still opens a new tab. */
export function Link({ href, onClick, ...rest }: LinkProps) {
  const dispatch = useAppDispatch();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin || rest.target) return;
    event.preventDefault();
    dispatch(navigationRequested({ pathname: url.pathname, search: url.search, mode: 'push' }));
  };
  return <a href={href} onClick={follow} {...rest} />;
}
