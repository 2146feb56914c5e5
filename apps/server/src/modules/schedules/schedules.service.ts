// Scheduled messages (02-operations §3 Schedule, §5, §7 Schedules): create, list, read, change and
// delete, with one attachment. Saving a schedule arms the job of its next occurrence in the same
// transaction (schedules.jobs.ts); deleting it disarms the job.
import {
  SCHEDULES_PAGE_SIZE,
  scheduleMediaExtensions,
  type ScheduleCreateBody,
  type SchedulesListQuery,
  type SchedulesPage,
  type ScheduleUpdateBody,
  type ScheduleView,
} from '@atende/shared/scheduled-messages';
import { channelCan, reachesContact } from '@atende/shared/channel-capabilities';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ScheduleRow } from '../../db/schema.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { checkMedia } from '../../platform/media.ts';
import { openUpload, type Upload } from '../../platform/uploads.ts';
import type { Storage } from '../../platform/storage.ts';
import { findConnection } from '../connections/connections.repo.ts';
import { findContact } from '../contacts/contacts.repo.ts';
import { findQueue } from '../queues/queues.repo.ts';
import { findUser } from '../users/users.repo.ts';
import * as repo from './schedules.repo.ts';
import { armSchedule, disarmSchedule, recurrenceOf } from './schedules.jobs.ts';
import { occurrenceAt } from './schedules.rules.ts';
import { loadScheduleViews } from './schedule-views.repo.ts';

type Deps = { db: Db; bus: EventBus; storage: Storage; timeZone: string };

export const SCHEDULE_FOLDER = 'schedules';
const scheduleNotFound = () => notFound('ERR_NO_SCHEDULE_FOUND');

// The content check names xls by its container (cfb); the spec's list names the extensions.
const storedExtension = (detected: string) => (detected === 'cfb' ? 'xls' : detected);

export const createSchedulesService = ({ db, bus, storage, timeZone }: Deps) => {
  const viewOf = async (row: ScheduleRow) => (await loadScheduleViews(db, row.companyId, [row]))[0];

  const publish = (companyId: number, payload: { action: 'create' | 'update'; schedule: ScheduleView } | { action: 'delete'; scheduleId: number }) =>
    bus.publish({ companyId, event: 'schedule', payload });

  // Another company's contact, connection or user is not found; an unknown queue is a field error.
  // A contact or connection whose channel cannot be written to unprompted (a web chat visitor) is
  // refused (issue 41 point 4, docs/channels.md).
  const checkReferences = async (tx: DbOrTx, tenant: TenantContext, body: ScheduleUpdateBody) => {
    const { companyId } = tenant;
    const contact = body.contactId === undefined ? undefined : await findContact(tx, companyId, body.contactId);
    if (body.contactId !== undefined) {
      if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
      if (!channelCan(contact.channel, 'schedules')) throw invalidField('body.contactId', 'validation.channelWithoutSchedules');
    }
    if (body.whatsappId) {
      const connection = await findConnection(tx, companyId, body.whatsappId);
      if (!connection) throw notFound('ERR_NO_WAPP_FOUND');
      if (!channelCan(connection.channel, 'schedules')) throw invalidField('body.whatsappId', 'validation.channelWithoutSchedules');
      // the rule a ticket opened by hand follows: no email address through WhatsApp, no WhatsApp
      // number through a Telegram bot
      if (contact && !reachesContact(connection, contact)) throw invalidField('body.whatsappId', 'validation.contactNotOnChannel');
    }
    if (body.ticketUserId && !(await findUser(tx, companyId, body.ticketUserId))) throw notFound('ERR_NO_USER_FOUND');
    if (body.queueId && !(await findQueue(tx, companyId, body.queueId))) throw invalidField('body.queueId', 'validation.unknownQueue');
  };

  // A saved schedule starts counting afresh from its (new) first occurrence.
  const armed = (row: Parameters<typeof recurrenceOf>[0]) => ({
    sentCount: 0,
    status: 'PENDENTE',
    errorMessage: null,
    nextSendAt: occurrenceAt(recurrenceOf(row), 0, timeZone) ?? null,
  });

  const fieldsOf = (body: ScheduleUpdateBody) => {
    const { companyId: _company, userId: _user, sendAt, ...rest } = body;
    return { ...rest, ...(sendAt !== undefined && { sendAt: new Date(sendAt) }) };
  };

  const ownSchedule = async (tenant: TenantContext, scheduleId: number) => {
    const row = await repo.findSchedule(db, tenant.companyId, scheduleId);
    if (!row) throw scheduleNotFound();
    return row;
  };

  // Replaces the attachment; the previous file goes once the row no longer points at it.
  const replaceMedia = async (tenant: TenantContext, scheduleId: number, media: { path: string; name: string; type: string } | null) => {
    const { previous, row } = await withTransaction(db, async (tx) => {
      const current = await repo.lockSchedule(tx, tenant.companyId, scheduleId);
      if (!current) throw scheduleNotFound();
      const updated = await repo.updateSchedule(tx, tenant.companyId, scheduleId, {
        mediaPath: media?.path ?? null,
        mediaName: media?.name ?? null,
        mediaType: media?.type ?? null,
      });
      return { previous: current.mediaPath, row: updated };
    });
    if (previous) await storage.remove(tenant.companyId, SCHEDULE_FOLDER, previous);
    const view = await viewOf(row);
    publish(tenant.companyId, { action: 'update', schedule: view });
    return view;
  };

  return {
    list: async (tenant: TenantContext, query: SchedulesListQuery): Promise<SchedulesPage> => {
      const offset = (query.pageNumber - 1) * SCHEDULES_PAGE_SIZE;
      const page = await repo.listSchedules(db, tenant.companyId, {
        search: query.searchParam,
        contactId: query.contactId,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        limit: SCHEDULES_PAGE_SIZE,
        offset,
      });
      return {
        schedules: await loadScheduleViews(db, tenant.companyId, page.rows),
        count: page.count,
        hasMore: offset + page.rows.length < page.count,
      };
    },

    show: async (tenant: TenantContext, scheduleId: number) => viewOf(await ownSchedule(tenant, scheduleId)),

    create: async (tenant: TenantContext, body: ScheduleCreateBody) => {
      const row = await withTransaction(db, async (tx) => {
        await checkReferences(tx, tenant, body);
        const { companyId: _company, userId: _user, ...values } = body;
        const fields = { ...values, sendAt: new Date(body.sendAt), userId: tenant.userId };
        const inserted = await repo.insertSchedule(tx, tenant.companyId, { ...fields, ...armed(fields) });
        await armSchedule(tx, inserted);
        return inserted;
      });
      const view = await viewOf(row);
      publish(tenant.companyId, { action: 'create', schedule: view });
      return view;
    },

    update: async (tenant: TenantContext, scheduleId: number, body: ScheduleUpdateBody) => {
      const row = await withTransaction(db, async (tx) => {
        const current = await repo.lockSchedule(tx, tenant.companyId, scheduleId);
        if (!current) throw scheduleNotFound();
        await checkReferences(tx, tenant, body);
        const merged = { ...current, ...fieldsOf(body) };
        const updated = await repo.updateSchedule(tx, tenant.companyId, scheduleId, { ...fieldsOf(body), ...armed(merged) });
        await armSchedule(tx, updated);
        return updated;
      });
      const view = await viewOf(row);
      publish(tenant.companyId, { action: 'update', schedule: view });
      return view;
    },

    remove: async (tenant: TenantContext, scheduleId: number) => {
      const row = await withTransaction(db, async (tx) => {
        const deleted = await repo.deleteSchedule(tx, tenant.companyId, scheduleId);
        if (!deleted) throw scheduleNotFound();
        await disarmSchedule(tx, scheduleId);
        return deleted;
      });
      if (row.mediaPath) await storage.remove(tenant.companyId, SCHEDULE_FOLDER, row.mediaPath);
      publish(tenant.companyId, { action: 'delete', scheduleId });
    },

    setMedia: async (tenant: TenantContext, scheduleId: number, upload: Upload) => {
      await ownSchedule(tenant, scheduleId);
      const checked = await checkMedia(upload, upload.fileName);
      const extension = storedExtension(checked.extension);
      if (!(scheduleMediaExtensions as readonly string[]).includes(extension)) throw new AppError('ERR_INVALID_FILE', 400);
      const name = await storage.save(tenant.companyId, SCHEDULE_FOLDER, openUpload(upload), extension);
      const path = storage.urlOf(tenant.companyId, SCHEDULE_FOLDER, name);
      return replaceMedia(tenant, scheduleId, { path, name: upload.fileName.slice(0, 255), type: checked.mediaType }).catch(async (error: unknown) => {
        await storage.remove(tenant.companyId, SCHEDULE_FOLDER, name);
        throw error;
      });
    },

    clearMedia: async (tenant: TenantContext, scheduleId: number) => replaceMedia(tenant, scheduleId, null),
  };
};

export type SchedulesService = ReturnType<typeof createSchedulesService>;
