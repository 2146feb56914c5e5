// Macros (issue 40 point 2): an attendant's own action lists and the company's shared ones (made by
// admins); running one applies its actions to a ticket the user may see, through the executor the
// rules use.
import type { AutomationAction, MacroBody } from '@atende/shared/automation';
import { canSeeTicket } from '@atende/shared/ticket-visibility';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { findTicket, lockTicket } from '../tickets/tickets.repo.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import type { FastifyBaseLogger } from 'fastify';
import { runActions } from './automation-actions.steps.ts';
import { macroViews } from './automation-views.steps.ts';
import * as repo from './automation.repo.ts';

type Deps = { db: Db; clock: Clock; timeZone: string; tickets: Pick<TicketsService, 'publishOutcome'>; log: FastifyBaseLogger };

const isAdmin = (tenant: TenantContext) => tenant.actor.profile === 'admin' || tenant.actor.super;

export const createMacrosService = ({ db, clock, timeZone, tickets, log }: Deps) => {
  const viewOf = async (companyId: number, row: repo.MacroRow) => (await macroViews(db, companyId, [row]))[0];

  // a shared macro is changed by admins only; a personal one is only ever visible to its owner
  const editable = async (tenant: TenantContext, macroId: number) => {
    const row = await repo.findVisibleMacro(db, tenant.companyId, tenant.userId, macroId);
    if (!row) throw notFound();
    if (row.userId === null && !isAdmin(tenant)) throw forbidden();
    return row;
  };

  const ownerOf = (tenant: TenantContext, body: MacroBody) => {
    if (body.shared && !isAdmin(tenant)) throw forbidden();
    return body.shared ? null : tenant.userId;
  };

  return {
    list: async (tenant: TenantContext) => macroViews(db, tenant.companyId, await repo.listMacros(db, tenant.companyId, tenant.userId)),

    create: async (tenant: TenantContext, body: MacroBody) =>
      viewOf(tenant.companyId, await repo.insertMacro(db, { companyId: tenant.companyId, userId: ownerOf(tenant, body), name: body.name, actions: body.actions })),

    update: async (tenant: TenantContext, macroId: number, body: MacroBody) => {
      await editable(tenant, macroId);
      const row = await repo.updateMacro(db, tenant.companyId, macroId, { name: body.name, actions: body.actions, userId: ownerOf(tenant, body) });
      if (!row) throw notFound();
      return viewOf(tenant.companyId, row);
    },

    remove: async (tenant: TenantContext, macroId: number) => {
      await editable(tenant, macroId);
      await repo.deleteMacro(db, tenant.companyId, macroId);
      return { message: 'Macro deleted' };
    },

    run: async (tenant: TenantContext, macroId: number, ticketId: number) => {
      const macro = await repo.findVisibleMacro(db, tenant.companyId, tenant.userId, macroId);
      if (!macro) throw notFound();
      const { outcome, ran } = await withTransaction(db, async (tx) => {
        await lockTicket(tx, tenant.companyId, ticketId);
        const ticket = await findTicket(tx, tenant.companyId, ticketId);
        if (!ticket || !canSeeTicket(tenant.actor, ticket)) throw notFound('ERR_NO_TICKET_FOUND');
        return runActions(tx, ticket, macro.actions as AutomationAction[], { now: clock.now(), timeZone, userId: tenant.userId, log, source: { kind: 'macro', id: macro.id, name: macro.name } });
      });
      await tickets.publishOutcome(outcome);
      return { ran };
    },
  };
};

export type MacrosService = ReturnType<typeof createMacrosService>;
