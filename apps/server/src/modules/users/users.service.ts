import { hash } from '@node-rs/argon2';
import { can, permissionFlags } from '@atende/shared/permissions';
import { USERS_PAGE_SIZE } from '@atende/shared/constants';
import type { UserCreateBody, UserUpdateBody, UsersListQuery, UsersPage, UserView } from '@atende/shared/users';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, forbidden, invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Storage } from '../../platform/storage.ts';
import { recordAudit, recordUpdate, type AuditActor } from '../audit/audit.steps.ts';
import { findCompanyWithPlan } from '../companies/companies.repo.ts';
import { findConnection } from '../connections/connections.repo.ts';
import { existingQueueIds } from '../queues/queues.repo.ts';
import { loadUserView, loadUserViews } from './user-views.repo.ts';
import * as repo from './users.repo.ts';
import { withTransaction } from '../../db/transaction.ts';
import { requestQueueAssignment } from '../assignment/queue-assignment.jobs.ts';

export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

type Deps = { db: Db; bus: EventBus; storage: Storage };

// Who adds a user: an admin directly (recorded as user.create here) or an invitation, which is
// marked invited, with its link, mail and user.invite entry written by afterInsert in the same transaction.
type Invitation = { invitedAt: Date; afterInsert: (tx: Tx, row: repo.UserRow) => Promise<void> };
const isInvitation = (origin: AuditActor | Invitation): origin is Invitation => 'afterInsert' in origin;

const userNotFound = () => notFound('ERR_NO_USER_FOUND');

// Fields only someone allowed to edit profiles and queues may set (01-core §5 User form).
const adminOnlyFields = ['profile', 'queueIds', 'whatsappId', 'startWork', 'endWork', 'capacity', ...permissionFlags] as const;

const withoutAdminOnlyFields = <T extends UserUpdateBody>(body: T): T => {
  const copy = { ...body };
  for (const field of adminOnlyFields) delete copy[field];
  return copy;
};

export const createUsersService = ({ db, bus, storage }: Deps) => {
  const checkReferences = async (tx: DbOrTx, companyId: number, body: UserUpdateBody) => {
    if (body.queueIds?.length) {
      const unique = [...new Set(body.queueIds)];
      const found = await existingQueueIds(tx, companyId, unique);
      if (found.length !== unique.length) throw invalidField('body.queueIds', 'validation.unknownQueue');
    }
    if (body.whatsappId && !(await findConnection(tx, companyId, body.whatsappId))) {
      throw notFound('ERR_NO_WAPP_FOUND');
    }
  };

  const translateDuplicate = (error: unknown): never => {
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('ERR_DUPLICATED_EMAIL', 409);
    throw error;
  };

  // A user may read and edit itself; anything else needs users:manage. Only a super user may
  // touch a super user.
  const editableUser = async (tenant: TenantContext, userId: number) => {
    const isSelf = userId === tenant.userId;
    if (!isSelf && !can(tenant.actor, 'users:manage')) throw forbidden();
    const row = await repo.findUser(db, tenant.companyId, userId);
    if (!row) throw userNotFound();
    if (row.super && !tenant.actor.super) throw forbidden();
    return row;
  };

  const publishUser = (companyId: number, action: 'create' | 'update', user: UserView) =>
    bus.publish({ companyId, event: 'user', payload: { action, user } });

  return {
    list: async (tenant: TenantContext, query: UsersListQuery): Promise<UsersPage> => {
      const offset = (query.pageNumber - 1) * USERS_PAGE_SIZE;
      const page = await repo.listUsers(db, tenant.companyId, { search: query.searchParam, limit: USERS_PAGE_SIZE, offset });
      return {
        users: await loadUserViews(db, storage, tenant.companyId, page.rows),
        count: page.count,
        hasMore: offset + page.rows.length < page.count,
      };
    },

    listAll: async (tenant: TenantContext) =>
      loadUserViews(db, storage, tenant.companyId, await repo.listAllUsers(db, tenant.companyId)),

    show: async (tenant: TenantContext, userId: number) => loadUserView(db, storage, await editableUser(tenant, userId)),

    // an invitation (invitations.service.ts) adds its user through here too
    create: async (tenant: TenantContext, body: UserCreateBody, origin: AuditActor | Invitation) => {
      const { queueIds, password, ...fields } = body;
      const invitation = isInvitation(origin) ? origin : undefined;
      const passwordHash = await hashPassword(password);
      const user = await withTransaction(db, async (tx) => {
          const company = await findCompanyWithPlan(tx, tenant.companyId);
          if (!company) throw userNotFound();
          if ((await repo.countUsers(tx, tenant.companyId)) >= company.plan.users) {
            throw new AppError('ERR_PLAN_USER_LIMIT', 403);
          }
          await checkReferences(tx, tenant.companyId, body);
          const row = await repo.insertUser(tx, tenant.companyId, { ...fields, passwordHash, invitedAt: invitation?.invitedAt });
          await repo.replaceUserQueues(tx, tenant.companyId, row.id, [...new Set(queueIds ?? [])]);
          await invitation?.afterInsert(tx, row);
          const view = await loadUserView(tx, storage, row);
          if (!isInvitation(origin)) await recordAudit(tx, origin, { companyId: tenant.companyId, action: 'user.create', entityType: 'user', entityId: row.id, after: { ...view, passwordHash } });
          return view;
        })
        .catch(translateDuplicate);
      publishUser(tenant.companyId, 'create', user);
      return user;
    },

    update: async (tenant: TenantContext, userId: number, input: UserUpdateBody, actor: AuditActor) => {
      await editableUser(tenant, userId);
      const body = can(tenant.actor, 'user-modal:editProfile') ? input : withoutAdminOnlyFields(input);
      const { queueIds, password, ...fields } = body;
      const passwordHash = password ? await hashPassword(password) : undefined;
      const user = await withTransaction(db, async (tx) => {
          await checkReferences(tx, tenant.companyId, body);
          const current = await repo.findUser(tx, tenant.companyId, userId);
          if (!current) throw userNotFound();
          const before = await loadUserView(tx, storage, current);
          // a password set here replaces a generated first one too
          const row = await repo.updateUser(tx, tenant.companyId, userId, {
            ...fields,
            ...(passwordHash && { passwordHash, mustChangePassword: false }),
          });
          if (!row) throw userNotFound();
          if (queueIds) await repo.replaceUserQueues(tx, tenant.companyId, userId, [...new Set(queueIds)]);
          // a raised capacity or a new queue may take waiting tickets
          await requestQueueAssignment(tx, tenant.companyId);
          const after = await loadUserView(tx, storage, row);
          const entry = { companyId: tenant.companyId, action: 'user.update', entityType: 'user', entityId: userId } as const;
          await recordUpdate(tx, actor, entry, { ...before, passwordHash: current.passwordHash }, { ...after, passwordHash: row.passwordHash });
          return after;
        })
        .catch(translateDuplicate);
      publishUser(tenant.companyId, 'update', user);
      return user;
    },

    remove: async (tenant: TenantContext, userId: number, actor: AuditActor) => {
      if (userId === tenant.userId) throw forbidden();
      const row = await editableUser(tenant, userId);
      await withTransaction(db, async (tx) => {
        const before = await loadUserView(tx, storage, row);
        if (!(await repo.deleteUser(tx, tenant.companyId, userId))) throw userNotFound();
        await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'user.delete', entityType: 'user', entityId: userId, before });
      });
      if (row.profileImage) await storage.remove(tenant.companyId, 'users', row.profileImage);
      bus.publish({ companyId: tenant.companyId, event: 'user', payload: { action: 'delete', userId } });
    },

    setTicketsManagerWidth: async (tenant: TenantContext, userId: number, width: number) => {
      await editableUser(tenant, userId);
      const row = await repo.updateUser(db, tenant.companyId, userId, { defaultTicketsManagerWidth: width });
      if (!row) throw userNotFound();
      return loadUserView(db, storage, row);
    },

    replaceAvatar: async (tenant: TenantContext, userId: number, jpeg: Buffer) => {
      const previous = await editableUser(tenant, userId);
      const name = await storage.save(tenant.companyId, 'users', jpeg, 'jpg');
      const row = await repo.updateUser(db, tenant.companyId, userId, { profileImage: name });
      if (!row) throw userNotFound();
      if (previous.profileImage) await storage.remove(tenant.companyId, 'users', previous.profileImage);
      const user = await loadUserView(db, storage, row);
      publishUser(tenant.companyId, 'update', user);
      return user;
    },

    // the users list shows who is online (01-core §3 User online flag): a change is announced
    setOnline: async (tenant: TenantContext, online: boolean) => {
      const changed = await repo.setUserOnline(db, tenant.companyId, tenant.userId, online);
      if (changed?.online) await requestQueueAssignment(db, tenant.companyId);
      if (changed) publishUser(tenant.companyId, 'update', await loadUserView(db, storage, changed));
    },
  };
};

export type UsersService = ReturnType<typeof createUsersService>;
