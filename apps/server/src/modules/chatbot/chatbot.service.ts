// The conversation flow as the inbound pipeline uses it: run it inside the message's
// transaction, reopen a recently closed ticket instead of opening a new one, publish after commit.
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { writeTicketLog } from '../tickets/ticket-logs.repo.ts';
import { withTransaction } from '../../db/transaction.ts';
import { findConnectionUnlessKnown, type ConnectionRow } from '../connections/connections.repo.ts';
import { findLiveTicket, recentlyClosedTicket, updateTicketFrom } from '../tickets/tickets.repo.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import type { KnownLiveTicket } from '../tickets/live-ticket.service.ts';
import type { CompanySettingsCache } from '../settings/company-settings.cache.ts';
import { pickRandom, type PickRandom } from './attendant-choice.steps.ts';
import { runFlow, type FlowInput, type FlowResult } from './flow.service.ts';

type Deps = { clock: Clock; timeZone: string; tickets: TicketsService; settings: CompanySettingsCache; random?: PickRandom };

export const createConversationFlow = (deps: Deps) => {
  const env = {
    clock: deps.clock,
    timeZone: deps.timeZone,
    random: deps.random ?? pickRandom,
    settings: (tx: DbOrTx, companyId: number) => deps.settings.read(companyId, tx),
  };

  return {
    run: (tx: DbOrTx, input: FlowInput): Promise<FlowResult> => runFlow(tx, env, input),

    // timeCreateNewTicket (minutes, 0 = off): a customer without a live ticket who writes again
    // that soon after their ticket was closed gets the same ticket back, waiting in its queue
    // without an attendant. Undefined: open or find the live ticket as usual.
    reopenRecent: async (
      tx: DbOrTx,
      contact: { id: number; companyId: number; isGroup: boolean },
      connectionId: number,
      known?: ConnectionRow,
      knownLive?: KnownLiveTicket,
    ) => {
      if (contact.isGroup) return undefined;
      const connection = await findConnectionUnlessKnown(tx, contact.companyId, connectionId, known);
      if (!connection || connection.timeCreateNewTicket <= 0) return undefined;
      if (knownLive ? knownLive.ticket : await findLiveTicket(tx, contact.companyId, contact.id, connectionId)) return undefined;
      const since = new Date(deps.clock.now().getTime() - connection.timeCreateNewTicket * 60_000);
      const closed = await recentlyClosedTicket(tx, contact.companyId, contact.id, connectionId, since);
      if (!closed) return undefined;
      try {
        const reopened = await withTransaction(tx, (inner) =>
          updateTicketFrom(inner, contact.companyId, closed, {
            status: 'pending',
            userId: null,
            closedAt: null,
            isBot: false,
            chatbotId: null,
            amountUsedBotQueues: 0,
            unreadMessages: 0,
          }),
        );
        if (reopened) await writeTicketLog(tx, { companyId: contact.companyId, ticketId: reopened.id, type: 'reopen', queueId: reopened.queueId });
        return reopened;
      } catch (error) {
        // another delivery opened a live ticket a moment ago; the caller finds it
        if (isUniqueViolation(error, 'tickets_one_live_per_contact_key')) return undefined;
        throw error;
      }
    },

    publish: async (result: FlowResult) => {
      for (const message of result.messages) await deps.tickets.publishMessage(result.ticket, message);
    },
  };
};

export type ConversationFlow = ReturnType<typeof createConversationFlow>;
