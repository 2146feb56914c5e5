// An attendant typing in a web chat ticket: the visitors writing as its contact see "… is typing"
// with the attendant's name. Asked by the chat screen's composer, throttled there and capped per
// client by the route; another channel's ticket, or a closed one, tells nobody.
import { WEBCHAT_TYPING_EVENT } from '@atende/shared/webchat';
import type { Db } from '../../db/client.ts';
import { findContact } from '../../modules/contacts/contacts.repo.ts';
import type { TicketsService } from '../../modules/tickets/tickets.service.ts';
import type { TenantContext } from '../../platform/access.ts';
import type { WebchatLive } from './webchat-live.ts';
import { readUserName, visitorNumbersOfContact } from './webchat.repo.ts';

export const createWebchatTyping = (deps: { db: Db; tickets: Pick<TicketsService, 'visibleTicket'>; live: WebchatLive }) => ({
  attendantTyping: async (tenant: TenantContext, ticketId: number) => {
    const ticket = await deps.tickets.visibleTicket(tenant, ticketId);
    if (ticket.channel !== 'webchat' || ticket.status === 'closed' || ticket.whatsappId === null) return;
    const contact = await findContact(deps.db, tenant.companyId, ticket.contactId);
    if (!contact) return;
    const numbers = await visitorNumbersOfContact(deps.db, tenant.companyId, ticket.whatsappId, contact.number);
    const name = (await readUserName(deps.db, tenant.companyId, tenant.userId)) ?? '';
    await deps.live.tell(ticket.whatsappId, numbers, WEBCHAT_TYPING_EVENT, { name });
  },
});

export type WebchatTyping = ReturnType<typeof createWebchatTyping>;
