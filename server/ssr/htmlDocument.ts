import type { ActionLogTicket } from '../../shared/actionLog/entry';
import { ACTION_LOG_TICKET_ID, PRELOADED_STATE_ID } from '../../shared/domain/constants';
import { serializeState } from './serializeState';
import { type TagManagerTag, tagManagerScript } from './tagManager';

export interface ClientAssets {
  scripts: string[];
  styles: string[];
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** The site icon inline, so browsers do not ask for /favicon.ico. */
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%23ff5a36'/%3E%3Ctext x='16' y='23' font-size='20' font-family='sans-serif' font-weight='700' text-anchor='middle' fill='white'%3EB%3C/text%3E%3C/svg%3E";

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page around the rendered app: state and the tab's action-log ticket as inert JSON, scripts
 * deferred so the HTML paints first.
 */
export function htmlDocument(options: {
  title: string;
  /** For search results and link previews. */
  description: string;
  language: string;
  appHtml: string;
  state: unknown;
  actionLogTicket: ActionLogTicket;
  assets: ClientAssets;
  /** SPEC §7's analytics tag manager, first in the head as Tag Manager asks; null: none. */
  tagManager?: TagManagerTag | null;
}): string {
  const tagManager = options.tagManager ? tagManagerScript(options.tagManager) : '';
  const styles = options.assets.styles.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`).join('');
  const scripts = options.assets.scripts.map((src) => `<script defer src="${escapeAttribute(src)}"></script>`).join('');
  return (
    `<!doctype html><html lang="${escapeAttribute(options.language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">${tagManager}<link rel="icon" href="${FAVICON}">` +
    `<title>${escapeText(options.title)}</title><meta name="description" content="${escapeAttribute(options.description)}">${styles}${scripts}</head>` +
    `<body><div id="root">${options.appHtml}</div>` +
    `<script type="application/json" id="${PRELOADED_STATE_ID}">${serializeState(options.state)}</script>` +
    `<script type="application/json" id="${ACTION_LOG_TICKET_ID}">${serializeState(options.actionLogTicket)}</script>` +
    `</body></html>`
  );
}

/**
 * A replayed moment of a buyer's tab for the support console: the storefront's markup and styles
 * only. No script, no state and no ticket, so nothing runs, plays, loads or sends; `replay-frame`
 * turns pointer events off, so a click cannot leave the frame for the live shop.
 */
export function replayFrameDocument(options: { title: string; language: string; appHtml: string; assets: ClientAssets }): string {
  const styles = options.assets.styles.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`).join('');
  return (
    `<!doctype html><html lang="${escapeAttribute(options.language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="${FAVICON}">` +
    `<title>${escapeText(options.title)}</title>${styles}</head>` +
    `<body class="replay-frame"><div id="root">${options.appHtml}</div></body></html>`
  );
}

/** The last resort when even the error page cannot render (SPEC §2 "Error page"). */
export function errorPageFallbackHtml(): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body>' +
    '<main><h1>Opps!</h1><p>An error occurred while showing the error page</p><a href="/">Go back to home</a></main>' +
    '</body></html>'
  );
}
