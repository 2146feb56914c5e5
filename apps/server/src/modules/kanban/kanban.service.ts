// The kanban board (02-operations §2 /Kanban, §7 Tags and kanban) and a ticket's lane (01-core §7
// ticket-tags): lanes are the company's kanban tags, tickets come from the user's own queues.
import {
  KANBAN_TICKETS_MAX,
  type KanbanLanesAnswer,
  type KanbanLanesOrderBody,
  type KanbanTicketsAnswer,
  type KanbanTicketsQuery,
} from '@atende/shared/kanban';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TenantContext } from '../../platform/access.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { extraInfoOfContacts } from '../contacts/contacts.repo.ts';
import { findTag, listLaneRows, lockLanes, setLanePositions } from '../tags/tags.repo.ts';
import { loadTagRecordViews } from '../tags/tag-views.repo.ts';
import { recordTicketEvent } from '../tickets/ticket-webhooks.steps.ts';
import { lockTicket } from '../tickets/tickets.repo.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { linkTicketTag } from './kanban.repo.ts';
import * as laneSteps from './lanes.steps.ts';

type Deps = { db: Db; bus: EventBus; clock: Clock; tickets: TicketsService };

export const createKanbanService = ({ db, bus, clock, tickets }: Deps) => {
  const lanes = async (tenant: TenantContext): Promise<KanbanLanesAnswer> => ({
    lista: await loadTagRecordViews(db, tenant.companyId, await listLaneRows(db, tenant.companyId)),
  });

  return {
    lanes,

    // PUT /tag/kanban/order: the named lanes first, in the order given, then the others in theirs.
    // A name that is not a lane of the company (another company's, a plain tag) changes nothing.
    reorderLanes: async (tenant: TenantContext, body: KanbanLanesOrderBody): Promise<KanbanLanesAnswer> => {
      const moved = await withTransaction(db, async (tx) => {
        const current = await lockLanes(tx, tenant.companyId);
        const known = new Set(current.map((lane) => lane.id));
        const unknown = body.laneIds.findIndex((laneId) => !known.has(laneId));
        if (unknown >= 0) throw invalidField(`body.laneIds.${unknown}`, 'validation.unknownLane');
        const named = new Set(body.laneIds);
        const order = [...body.laneIds, ...current.map((lane) => lane.id).filter((laneId) => !named.has(laneId))];
        await setLanePositions(tx, tenant.companyId, order);
        const before = new Map(current.map((lane) => [lane.id, lane.position]));
        return new Set(order.filter((laneId, index) => before.get(laneId) !== index + 1));
      });
      const answer = await lanes(tenant);
      // the tag screens and other users' boards follow, as on any tag change
      for (const tag of answer.lista.filter((lane) => moved.has(lane.id))) {
        bus.publish({ companyId: tenant.companyId, event: 'tag', payload: { action: 'update', tag } });
      }
      return answer;
    },

    // 02-operations §6: only the queues of the signed-in user, narrowed to those the board asks for.
    tickets: async (tenant: TenantContext, query: KanbanTicketsQuery): Promise<KanbanTicketsAnswer> => {
      const asked = query.queueIds ? new Set(query.queueIds) : undefined;
      const queueIds = tenant.actor.queueIds.filter((queueId) => !asked || asked.has(queueId));
      const views = await tickets.board(tenant, { queueIds, startDate: query.startDate, endDate: query.endDate, limit: KANBAN_TICKETS_MAX });
      const extra = await extraInfoOfContacts(db, tenant.companyId, [...new Set(views.map((view) => view.contactId))]);
      return {
        tickets: views.map((view) => ({
          ...view,
          contact: { ...view.contact, extraInfo: extra.filter((entry) => entry.contactId === view.contactId).map(({ name, value }) => ({ name, value })) },
        })),
      };
    },

    // DELETE /ticket-tags/{ticketId}: the ticket goes to the untagged lane; its other tags stay.
    removeFromLane: async (tenant: TenantContext, ticketId: number) => {
      const ticket = await tickets.visibleTicket(tenant, ticketId);
      await withTransaction(db, async (tx) => {
        await lockTicket(tx, ticket.companyId, ticket.id);
        await laneSteps.moveToLane(tx, ticket, undefined, clock.now());
        await recordTicketEvent(tx, 'changed', ticket);
      });
      await tickets.publishTicket(ticket);
    },

    // PUT /ticket-tags/{ticketId}/{tagId}: a kanban tag is the ticket's new lane (it leaves the
    // old one); any other tag is added.
    moveToLane: async (tenant: TenantContext, ticketId: number, tagId: number) => {
      const ticket = await tickets.visibleTicket(tenant, ticketId);
      const tag = await findTag(db, ticket.companyId, tagId);
      if (!tag) throw notFound('ERR_NOT_FOUND');
      await withTransaction(db, async (tx) => {
        await lockTicket(tx, ticket.companyId, ticket.id);
        if (tag.kanban === 1) await laneSteps.moveToLane(tx, ticket, tag, clock.now());
        else await linkTicketTag(tx, ticket.companyId, ticket.id, tag.id, clock.now());
        // ticket.updated, its tags as they now are
        await recordTicketEvent(tx, 'changed', ticket);
      });
      const view = await tickets.publishTicket(ticket);
      // deleted meanwhile by someone else
      if (!view) throw notFound('ERR_NO_TICKET_FOUND');
      return view;
    },
  };
};

export type KanbanService = ReturnType<typeof createKanbanService>;
