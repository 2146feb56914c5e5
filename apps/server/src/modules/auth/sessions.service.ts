// A user's open sign-ins (issue 38 point 5): the user lists and ends its own; an admin ends all of
// a user's (offboarding). Ending a sign-in revokes its refresh-token family, which also ends its
// access tokens (platform/access.ts); its tabs are told who ended it, then its sockets close.
import type { SessionView } from '@atende/shared/sessions';
import type { Db, Tx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { recordAudit, type AuditActor } from '../audit/audit.steps.ts';
import { findUser } from '../users/users.repo.ts';
import { describeDevice } from './device.ts';
import { tellEndedSessions, type EndedSessions } from './sessions.events.ts';
import * as sessions from './sessions.repo.ts';

type Deps = { db: Db; bus: EventBus };

export const createSessionsService = ({ db, bus }: Deps) => {
  const announceEnded = (ended: EndedSessions) => {
    tellEndedSessions(bus, ended);
    for (const sessionId of ended.sessionIds) bus.endSession(sessionId);
  };

  // the sign-ins one user ends of its own, each recorded
  const endOwn = async (tenant: TenantContext, actor: AuditActor, pick: (tx: Tx) => Promise<string[]>) => {
    const ended = await withTransaction(db, async (tx) => {
      await sessions.lockUserSessions(tx, tenant.userId);
      const families = await pick(tx);
      for (const familyId of families) {
        await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'session.ended', entityType: 'session', entityId: familyId, before: { userId: tenant.userId } });
      }
      return families;
    });
    announceEnded({ companyId: tenant.companyId, userId: tenant.userId, sessionIds: ended, endedBy: 'user' });
    return ended;
  };

  // the super admin reaches any company's users; an admin only its own company's, and no super user
  const offboardedUser = async (tenant: TenantContext, userId: number) => {
    const row = tenant.actor.super ? await sessions.findUserOfAnyCompany(db, userId) : await findUser(db, tenant.companyId, userId);
    if (!row) throw notFound('ERR_NO_USER_FOUND');
    if (row.super && !tenant.actor.super) throw forbidden();
    return row;
  };

  return {
    list: async (tenant: TenantContext): Promise<SessionView[]> => {
      const open = await sessions.listOpenSessions(db, tenant.companyId, tenant.userId);
      return open
        .sort((a, b) => b.lastUsedAt.getTime() - a.lastUsedAt.getTime())
        .map((session) => ({
          id: session.id,
          userAgent: session.userAgent,
          ...describeDevice(session.userAgent),
          ip: session.ip,
          signedInAt: session.signedInAt.toISOString(),
          lastUsedAt: session.lastUsedAt.toISOString(),
          current: session.id === tenant.sessionId,
        }));
    },

    end: async (tenant: TenantContext, sessionId: string, actor: AuditActor) => {
      const ended = await endOwn(tenant, actor, (tx) => sessions.revokeFamiliesOf(tx, tenant.companyId, tenant.userId, [sessionId]));
      if (ended.length === 0) throw notFound('ERR_NO_SESSION_FOUND');
    },

    endOthers: async (tenant: TenantContext, actor: AuditActor) => {
      await endOwn(tenant, actor, (tx) => sessions.revokeOtherFamilies(tx, tenant.userId, tenant.sessionId));
    },

    endAllOfUser: async (tenant: TenantContext, userId: number, actor: AuditActor) => {
      const row = await offboardedUser(tenant, userId);
      const ended = await withTransaction(db, async (tx) => {
        await sessions.lockUserSessions(tx, row.id);
        const families = await sessions.revokeAllFamilies(tx, row.companyId, row.id);
        await recordAudit(tx, actor, { companyId: row.companyId, action: 'session.endedAll', entityType: 'user', entityId: row.id, before: { openSessions: families.length } });
        return families;
      });
      announceEnded({ companyId: row.companyId, userId: row.id, sessionIds: ended, endedBy: 'admin' });
    },
  };
};

export type SessionsService = ReturnType<typeof createSessionsService>;
