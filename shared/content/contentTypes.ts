/**
 * Content pages and blog articles as typed data (one module per page), rendered by
 * client/features/pages/ContentPage.tsx. Text lives here rather than in components so that a
 * page reads as a document and a Russian version sits beside the English one.
 */

/** A sentence with a link inside: `text`, then `link.label` pointing at `link.href`, then `after`. */
export interface LinkedText {
  readonly text: string;
  readonly link: { readonly href: string; readonly label: string };
  readonly after?: string;
}

export type ContentBlock = string | LinkedText | { readonly list: readonly (string | LinkedText)[] };

export interface ContentSection {
  readonly heading?: string;
  readonly blocks: readonly ContentBlock[];
}

export interface ContentPage {
  /** The page's h1 and its document title. */
  readonly title: string;
  /** The opening paragraph, shown larger under the title. */
  readonly lead?: string;
  readonly sections: readonly ContentSection[];
}

export interface LegalPage extends ContentPage {
  /** ISO date, YYYY-MM-DD. */
  readonly effectiveDate: string;
}

export interface BlogArticle extends ContentPage {
  /** The route name in shared/routes/routeTable.ts BLOG_ROUTES. */
  readonly routeName: string;
  /** One sentence for the blog list and the meta description. */
  readonly summary: string;
  /** ISO date, YYYY-MM-DD. */
  readonly published: string;
}

/** A page written in English and in Russian (the seller pages, SPEC §2). */
export interface Localized<T> {
  readonly en: T;
  readonly ru: T;
}

/** The plain text of a block, for word counts and search. */
export function blockText(block: ContentBlock): string {
  if (typeof block === 'string') return block;
  if ('list' in block) return block.list.map((item) => blockText(item)).join(' ');
  return [block.text, block.link.label, block.after].filter(Boolean).join(' ');
}

export function pageText(page: ContentPage): string {
  return [page.lead ?? '', ...page.sections.flatMap((section) => [section.heading ?? '', ...section.blocks.map(blockText)])].join(' ');
}
