// Connections of 02-operations §3-§5: list, show, create and edit with the §5 rules, the default
// connection rules (ERR_NO_OTHER_WHATSAPP), the plan's connection limit and channel flags.
import type { ConnectionChannel, ConnectionCreateBody, ConnectionStatus, ConnectionUpdateBody, ConnectionView } from '@atende/shared/connections';
import type { PlanFlag } from '@atende/shared/plans';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { TicketRow } from '../../db/schema.ts';
import { withTransaction } from '../../db/transaction.ts';
import { recordAudit, recordUpdate, type AuditActor } from '../audit/audit.steps.ts';
import type { TenantContext } from '../../platform/access.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Storage } from '../../platform/storage.ts';
import { checkMedia } from '../../platform/media.ts';
import { openUpload, type Upload } from '../../platform/uploads.ts';
import { findCompanyWithPlan } from '../companies/companies.repo.ts';
import { checkLink, checkLinks, type FindRecord } from '../queues/links.steps.ts';
import { existingQueueIds } from '../queues/queues.repo.ts';
import { readCompanySettings } from '../settings/company-settings.repo.ts';
import { loadConnectionViews } from './connection-views.repo.ts';
import { recordConnectionStatus } from './connection-webhooks.steps.ts';
import { dayOfImport, forViewer, importInstant, toAllConnections } from './connections.view.ts';
import { publishConnection } from './publish-connection.ts';
import * as repo from './connections.repo.ts';

// telegram has no flag of its own: plans gain one only with a migration
const channelPlanFlag: Partial<Record<ConnectionChannel, PlanFlag>> = {
  whatsapp: 'useWhatsapp',
  whatsappapi: 'useWhatsapp',
  facebook: 'useFacebook',
  instagram: 'useInstagram',
  telegram: 'useTelegram',
  webchat: 'useWebchat',
  email: 'useEmail',
};

const connectionNotFound = () => notFound('ERR_NO_WAPP_FOUND');

type Settable = Omit<ConnectionUpdateBody, 'queueIds' | 'companyId'>;

// resetWhatsappSession drops a WhatsApp session's credentials and starts a fresh one (02-operations
// §4: an edit with import enabled needs a new pairing, whose history sync brings the messages). It
// is a hook handed in by app.ts rather than a bus event because a module cannot import a channel,
// and only the channel's session manager can reach a session owned by another process (through its
// lease row) and delete the credentials when no process owns the session; a bus event stays in
// this process.
type Deps = {
  db: Db;
  bus: EventBus;
  storage: Storage;
  // closes the connection's live tickets in the deletion's transaction (the ticket lifecycle's own
  // rule), and publishes them after the commit
  closeTicketsOf: (tx: DbOrTx, companyId: number, connectionId: number, userId: number) => Promise<TicketRow[]>;
  publishTicket: (row: TicketRow) => Promise<unknown>;
  resetWhatsappSession: (companyId: number, connectionId: number) => Promise<void>;
  // the prompts module reads tickets, which read connections: its lookup is handed in by app.ts
  findPrompt: FindRecord;
  // after a connection's deletion commits: its channel lets go of what points at this server (a
  // Telegram bot's webhook); a failure is the channel's to log, the connection is gone regardless
  releaseChannel: (connection: repo.ConnectionRow) => Promise<void>;
};

// The body's import days as the columns store them.
type ImportDays = 'importOldMessages' | 'importRecentMessages';
const toColumns = <T extends Settable>({ importOldMessages, importRecentMessages, ...fields }: T): Omit<T, ImportDays> & { [K in ImportDays]?: Date | null } => ({
  ...fields,
  ...(importOldMessages !== undefined && { importOldMessages: importInstant(importOldMessages, 'start') }),
  ...(importRecentMessages !== undefined && { importRecentMessages: importInstant(importRecentMessages, 'end') }),
});

export const GREETING_FOLDER = 'greeting';

// An account a provider vouched for (a Cloud API number, a Facebook page, an Instagram account).
export type ChannelAccount = {
  channel: ConnectionChannel;
  name: string;
  number: string;
  externalId: string;
  channelConfig: Record<string, string>;
};

export const createConnectionsService = ({ db, bus, storage, closeTicketsOf, publishTicket, resetWhatsappSession, findPrompt, releaseChannel }: Deps) => {
  const viewOf = async (tx: DbOrTx, row: repo.ConnectionRow) => (await loadConnectionViews(tx, row.companyId, [row]))[0];

  const publish = (view: ConnectionView) => publishConnection(bus, view);

  // 02-operations §5 Import dates on the values the connection will have (an edit may send only
  // some of them); the date bounds themselves are checked by the body schema.
  const checkImportRules = async (tx: DbOrTx, tenant: TenantContext, merged: Settable) => {
    const importQueue = merged.queueIdImportMessages ?? null;
    if (importQueue !== null && (await existingQueueIds(tx, tenant.companyId, [importQueue])).length === 0) {
      throw invalidField('body.queueIdImportMessages', 'validation.unknownQueue');
    }
    if (merged.importOldMessages && merged.importRecentMessages && merged.importRecentMessages.slice(0, 10) < merged.importOldMessages.slice(0, 10)) {
      throw invalidField('body.importRecentMessages', 'validation.importRecentRange');
    }
    if (!merged.enableImportMessage) return;
    if (!merged.importOldMessages) throw invalidField('body.importOldMessages', 'validation.required');
    if (importQueue === null) throw invalidField('body.queueIdImportMessages', 'validation.required');
  };

  // Rules that need the database: queues of the company, the redirect queue, the greeting with
  // several queues, and the NPS fields when ratings are on.
  const checkRules = async (tx: DbOrTx, tenant: TenantContext, merged: Settable & { queueIds: number[] }) => {
    const wanted = [...new Set([...merged.queueIds, ...(merged.sendIdQueue ? [merged.sendIdQueue] : [])])];
    if ((await existingQueueIds(tx, tenant.companyId, wanted)).length !== wanted.length) {
      throw invalidField('body.queueIds', 'validation.unknownQueue');
    }
    if (merged.queueIds.length > 1 && !merged.greetingMessage?.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400);
    await checkImportRules(tx, tenant, merged);
    const settings = await readCompanySettings(tx, tenant.companyId);
    if (settings.userRating === 'enabled') {
      if (!merged.ratingMessage?.trim()) throw invalidField('body.ratingMessage', 'validation.npsNeedsMessage');
      if (!merged.expiresTicketNPS) throw invalidField('body.expiresTicketNPS', 'validation.npsNeedsTime');
    }
  };

  // Checked as sent, so a connection saved before these checks can still be edited.
  const checkRecordLinks = async (tx: DbOrTx, tenant: TenantContext, fields: Pick<Settable, 'integrationId' | 'promptId'>) => {
    await checkLinks(tx, tenant.companyId, { integration: ['body.integrationId', fields.integrationId] });
    await checkLink(tx, tenant.companyId, ['body.promptId', fields.promptId], findPrompt, 'validation.unknownPrompt');
  };

  const translateDuplicate = (error: unknown): never => {
    if (isUniqueViolation(error, 'connections_token_key')) throw invalidField('body.token', 'validation.duplicated');
    if (isUniqueViolation(error, 'connections_channel_external_id_key')) throw new AppError('ERR_CONNECTION_IN_USE', 409);
    throw error;
  };

  // The previous file goes once the row no longer points at it.
  const replaceGreetingMedia = async (tenant: TenantContext, current: repo.ConnectionRow, url: string | null, actor: AuditActor) => {
    const row = await withTransaction(db, async (tx) => {
      const updated = await repo.updateConnection(tx, tenant.companyId, current.id, { greetingMediaAttachment: url });
      if (!updated) throw connectionNotFound();
      const entry = { companyId: tenant.companyId, action: 'connection.update', entityType: 'connection', entityId: current.id } as const;
      await recordUpdate(tx, actor, entry, { greetingMediaAttachment: current.greetingMediaAttachment }, { greetingMediaAttachment: url });
      return updated;
    });
    if (current.greetingMediaAttachment) await storage.remove(tenant.companyId, GREETING_FOLDER, current.greetingMediaAttachment);
    const view = await viewOf(db, row);
    publish(view);
    return view;
  };

  return {
    everyCompany: async () => toAllConnections(await repo.listConnectionsOfEveryCompany(db)),

    list: async (tenant: TenantContext, channel?: ConnectionChannel) =>
      (await loadConnectionViews(db, tenant.companyId, await repo.listConnections(db, tenant.companyId, channel))).map((view) => forViewer(tenant.actor, view)),

    show: async (tenant: TenantContext, connectionId: number) => {
      const row = await repo.findConnection(db, tenant.companyId, connectionId);
      if (!row) throw connectionNotFound();
      return forViewer(tenant.actor, await viewOf(db, row));
    },

    create: async (tenant: TenantContext, body: ConnectionCreateBody, actor: AuditActor) => {
      const { queueIds = [], companyId: _ignored, channel, ...fields } = body;
      const view = await withTransaction(db, async (tx) => {
          const company = await findCompanyWithPlan(tx, tenant.companyId);
          if (!company) throw connectionNotFound();
          const flag = channelPlanFlag[channel];
          if (flag && !company.plan[flag]) throw new AppError('ERR_NO_PERMISSION', 403);
          if ((await repo.countConnections(tx, tenant.companyId)) >= company.plan.connections) {
            throw new AppError('ERR_PLAN_CONNECTION_LIMIT', 403);
          }
          await checkRules(tx, tenant, { ...fields, queueIds });
          await checkRecordLinks(tx, tenant, fields);
          const status = channel === 'sandbox' ? 'CONNECTED' : channel === 'whatsapp' ? 'qrcode' : 'DISCONNECTED';
          const row = await repo.insertConnection(tx, tenant.companyId, { ...toColumns(fields), channel, status });
          if (row.isDefault) await repo.clearOtherDefaults(tx, tenant.companyId, row.id);
          await repo.replaceConnectionQueues(tx, tenant.companyId, row.id, [...new Set(queueIds)]);
          await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'connection.create', entityType: 'connection', entityId: row.id, after: { ...row, queueIds } });
          return viewOf(tx, row);
        })
        .catch(translateDuplicate);
      publish(view);
      return view;
    },

    update: async (tenant: TenantContext, connectionId: number, body: ConnectionUpdateBody, actor: AuditActor) => {
      const { queueIds, companyId: _ignored, ...fields } = body;
      const { view, resetSession } = await withTransaction(db, async (tx) => {
          const current = await repo.findConnection(tx, tenant.companyId, connectionId);
          if (!current) throw connectionNotFound();
          const currentQueues = (await repo.queuesOfConnections(tx, tenant.companyId, [connectionId])).map((queue) => queue.id);
          const stored = { ...current, importOldMessages: dayOfImport(current.importOldMessages), importRecentMessages: dayOfImport(current.importRecentMessages) };
          const merged = { ...stored, ...fields, queueIds: queueIds ?? currentQueues };
          await checkRules(tx, tenant, merged);
          await checkRecordLinks(tx, tenant, fields);
          if (fields.isDefault === false && current.isDefault && (await repo.countOtherDefaults(tx, tenant.companyId, connectionId)) === 0) {
            throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);
          }
          // 02-operations §4 Message import: a connected session has had its history sync already
          const resetSession = current.channel === 'whatsapp' && current.status === 'CONNECTED' && merged.enableImportMessage;
          const row = await repo.updateConnection(tx, tenant.companyId, connectionId, {
            ...toColumns(fields),
            ...(resetSession && { status: 'qrcode', qrcode: '', statusReason: null, statusReasonCode: null }),
          });
          if (row.isDefault) await repo.clearOtherDefaults(tx, tenant.companyId, row.id);
          if (queueIds) await repo.replaceConnectionQueues(tx, tenant.companyId, row.id, [...new Set(queueIds)]);
          const audited = { companyId: tenant.companyId, action: 'connection.update', entityType: 'connection', entityId: connectionId } as const;
          await recordUpdate(tx, actor, audited, { ...current, queueIds: currentQueues }, { ...row, queueIds: queueIds ? [...new Set(queueIds)] : currentQueues });
          return { view: await viewOf(tx, row), resetSession };
        })
        .catch(translateDuplicate);
      publish(view);
      if (resetSession) await resetWhatsappSession(tenant.companyId, connectionId);
      return view;
    },

    setGreetingMedia: async (tenant: TenantContext, connectionId: number, upload: Upload, actor: AuditActor) => {
      const current = await repo.findConnection(db, tenant.companyId, connectionId);
      if (!current) throw connectionNotFound();
      const checked = await checkMedia(upload, upload.fileName);
      if (checked.mediaType !== 'image' && checked.mediaType !== 'video') throw new AppError('ERR_INVALID_FILE', 400);
      const name = await storage.save(tenant.companyId, GREETING_FOLDER, openUpload(upload), checked.extension);
      return replaceGreetingMedia(tenant, current, storage.urlOf(tenant.companyId, GREETING_FOLDER, name), actor);
    },

    clearGreetingMedia: async (tenant: TenantContext, connectionId: number, actor: AuditActor) => {
      const current = await repo.findConnection(db, tenant.companyId, connectionId);
      if (!current) throw connectionNotFound();
      return replaceGreetingMedia(tenant, current, null, actor);
    },

    // Creates a connection per account, or refreshes the credentials of one the company already
    // has; an account connected by another company is refused. Plan flags and limit apply.
    connectAccounts: async (tenant: TenantContext, accounts: ChannelAccount[], actor: AuditActor) => {
      const views = await withTransaction(db, async (tx) => {
          const company = await findCompanyWithPlan(tx, tenant.companyId);
          if (!company) throw connectionNotFound();
          const rows: repo.ConnectionRow[] = [];
          for (const account of accounts) {
            const flag = channelPlanFlag[account.channel];
            if (flag && !company.plan[flag]) throw new AppError('ERR_NO_PERMISSION', 403);
            const existing = await repo.findConnectionByExternalId(tx, account.channel, account.externalId);
            if (existing && existing.companyId !== tenant.companyId) throw new AppError('ERR_CONNECTION_IN_USE', 409);
            if (existing) {
              const refreshed = await repo.updateConnection(tx, tenant.companyId, existing.id, { channelConfig: account.channelConfig, status: 'CONNECTED' });
              if (existing.status !== refreshed.status) await recordConnectionStatus(tx, refreshed);
              await recordUpdate(tx, actor, { companyId: tenant.companyId, action: 'connection.update', entityType: 'connection', entityId: existing.id }, existing, refreshed);
              rows.push(refreshed);
              continue;
            }
            if ((await repo.countConnections(tx, tenant.companyId)) >= company.plan.connections) {
              throw new AppError('ERR_PLAN_CONNECTION_LIMIT', 403);
            }
            const inserted = await repo.insertConnection(tx, tenant.companyId, { ...account, status: 'CONNECTED' });
            await recordConnectionStatus(tx, inserted);
            await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'connection.create', entityType: 'connection', entityId: inserted.id, after: inserted });
            rows.push(inserted);
          }
          return loadConnectionViews(tx, tenant.companyId, rows);
        })
        .catch(translateDuplicate);
      for (const view of views) publish(view);
      return views;
    },

    // A connection of one channel with its channel_config, for that channel's own settings form;
    // another channel's or another company's connection is not found.
    ofChannel: async (tenant: TenantContext, connectionId: number, channel: ConnectionChannel) => {
      const row = await repo.findConnection(db, tenant.companyId, connectionId);
      if (row?.channel !== channel) throw connectionNotFound();
      return row;
    },

    // The name and channel_config of a connection of that channel (a web chat's allowed origins,
    // colour…), which the common connection form does not edit.
    reconfigure: async (tenant: TenantContext, connectionId: number, channel: ConnectionChannel, change: { name: string; channelConfig: Record<string, string> }, actor: AuditActor) => {
      const view = await withTransaction(db, async (tx) => {
        const current = await repo.findConnection(tx, tenant.companyId, connectionId);
        if (current?.channel !== channel) throw connectionNotFound();
        const row = await repo.updateConnection(tx, tenant.companyId, connectionId, change);
        await recordUpdate(tx, actor, { companyId: tenant.companyId, action: 'connection.update', entityType: 'connection', entityId: connectionId }, current, row);
        return viewOf(tx, row);
      });
      publish(view);
      return forViewer(tenant.actor, view);
    },

    // A channel found the connection unusable (revoked token) or usable again; the connections
    // screen and its menu badge follow the status (02-operations §4 Connection status).
    setStatus: async (companyId: number, connectionId: number, status: ConnectionStatus) => {
      const row = await withTransaction(db, async (tx) => {
        const current = await repo.findConnection(tx, companyId, connectionId);
        if (!current || current.status === status) return undefined;
        const changed = await repo.updateConnection(tx, companyId, connectionId, { status });
        await recordConnectionStatus(tx, changed);
        return changed;
      });
      if (row) publish(await viewOf(db, row));
    },

    remove: async (tenant: TenantContext, connectionId: number, actor: AuditActor) => {
      const { removed, closed } = await withTransaction(db, async (tx) => {
        const current = await repo.findConnection(tx, tenant.companyId, connectionId);
        if (!current) throw connectionNotFound();
        const tickets = await closeTicketsOf(tx, tenant.companyId, connectionId, tenant.userId);
        if (!(await repo.deleteConnection(tx, tenant.companyId, connectionId))) throw connectionNotFound();
        // the company keeps a default connection while it has any
        if (current.isDefault) await repo.promoteOldestToDefault(tx, tenant.companyId);
        await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'connection.delete', entityType: 'connection', entityId: connectionId, before: current });
        return { removed: current, closed: tickets };
      });
      bus.publish({ companyId: tenant.companyId, event: 'whatsapp', payload: { action: 'delete', whatsappId: connectionId } });
      await releaseChannel(removed);
      for (const ticket of closed) await publishTicket({ ...ticket, whatsappId: null });
    },
  };
};

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
