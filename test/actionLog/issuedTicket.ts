import { create } from 'superstruct';
import { type ActionLogTicket, ActionLogTicketSchema } from '../../shared/actionLog/entry';
import { ACTION_LOG_TICKET_ID } from '../../shared/domain/constants';

const TICKET_ELEMENT = new RegExp(`<script type="application/json" id="${ACTION_LOG_TICKET_ID}">([^<]*)</script>`);

/** The action-log id and proof a page of the server at `baseUrl` hands a new tab, as the browser reads them. */
export async function issuedTicket(baseUrl: string, headers: Record<string, string> = {}): Promise<ActionLogTicket> {
  const html = await (await fetch(`${baseUrl}/privacy-policy`, { headers })).text();
  const json = TICKET_ELEMENT.exec(html)?.[1];
  if (json === undefined) throw new Error('The page carries no action-log ticket');
  return create(JSON.parse(json) as unknown, ActionLogTicketSchema);
}
