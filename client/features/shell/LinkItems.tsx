import { Link } from '../navigation/Link';

/** One list item per link, for the menus that share the lists in menuLinks.ts. */
export function LinkItems({ links }: { links: readonly { title: string; href: string }[] }) {
  return links.map((link) => (
    <li key={link.href}>
      <Link href={link.href}>{link.title}</Link>
    </li>
  ));
}
