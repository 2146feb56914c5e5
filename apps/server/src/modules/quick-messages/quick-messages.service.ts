// Quick messages (02-operations §3, §5, §6, §7): a user sees its own, the general ones and those
// others let it read (visao); only the owner or an admin changes one. Media are attached by upload.
import {
  canEditQuickMessage,
  canSeeQuickMessage,
  QUICK_MESSAGES_PAGE_SIZE,
  type QuickMessageBody,
  type QuickMessagesPage,
  type QuickMessagesPageQuery,
  type QuickMessageUpdateBody,
  type QuickMessageView,
} from '@atende/shared/quick-messages';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { checkMedia } from '../../platform/media.ts';
import { openUpload, type Upload } from '../../platform/uploads.ts';
import type { Storage } from '../../platform/storage.ts';
import * as repo from './quick-messages.repo.ts';
import { toQuickMessageView } from './quick-messages.view.ts';

export const MEDIA_FOLDER = 'quickmessages';
const quickMessageNotFound = () => notFound('ERR_NOT_FOUND');
const reader = (tenant: TenantContext) => ({ id: tenant.userId, profile: tenant.actor.profile });

export const createQuickMessagesService = ({ db, bus, storage }: { db: Db; bus: EventBus; storage: Storage }) => {
  // A record others may not read goes to its owner only; theirs drop it.
  const publish = (companyId: number, record: QuickMessageView, action: 'create' | 'update') => {
    const shared = record.geral || record.visao;
    if (!shared && action === 'update') bus.publish({ companyId, event: 'quickmessage', payload: { action: 'delete', id: record.id } });
    bus.publish({ companyId, event: 'quickmessage', payload: { action, record }, audience: shared || record.userId === null ? undefined : { userId: record.userId } });
  };

  const removeMedia = async (row: repo.QuickMessageRow) => {
    if (row.mediaPath) await storage.remove(row.companyId, MEDIA_FOLDER, row.mediaPath.split('/').at(-1) ?? '');
  };

  const visible = async (tenant: TenantContext, id: number) => {
    const row = await repo.findQuickMessage(db, tenant.companyId, id);
    if (!row || !canSeeQuickMessage(reader(tenant), row)) throw quickMessageNotFound();
    return row;
  };

  const editable = async (tenant: TenantContext, id: number) => {
    const row = await visible(tenant, id);
    if (!canEditQuickMessage(reader(tenant), row)) throw forbidden();
    return row;
  };

  const change = async (tenant: TenantContext, id: number, values: Partial<repo.NewQuickMessage>) => {
    const row = await repo.updateQuickMessage(db, tenant.companyId, id, values);
    if (!row) throw quickMessageNotFound();
    const view = toQuickMessageView(row);
    publish(tenant.companyId, view, 'update');
    return view;
  };

  return {
    page: async (tenant: TenantContext, query: QuickMessagesPageQuery): Promise<QuickMessagesPage> => {
      const offset = (query.pageNumber - 1) * QUICK_MESSAGES_PAGE_SIZE;
      const page = await repo.pageQuickMessages(db, tenant.companyId, tenant.userId, { search: query.searchParam.trim(), limit: QUICK_MESSAGES_PAGE_SIZE, offset });
      return { records: page.rows.map(toQuickMessageView), count: page.count, hasMore: offset + page.rows.length < page.count };
    },

    // GET /quick-messages/list: the active ones the signed-in user sees, for the chat's '/' suggestions
    list: async (tenant: TenantContext) => (await repo.listQuickMessages(db, tenant.companyId, tenant.userId)).map(toQuickMessageView),

    show: async (tenant: TenantContext, id: number) => toQuickMessageView(await visible(tenant, id)),

    create: async (tenant: TenantContext, body: QuickMessageBody) => {
      const { shortcode, message, geral, visao, status } = body;
      const view = toQuickMessageView(await repo.insertQuickMessage(db, tenant.companyId, { shortcode, message, geral, visao, status, userId: tenant.userId }));
      publish(tenant.companyId, view, 'create');
      return view;
    },

    update: async (tenant: TenantContext, id: number, body: QuickMessageUpdateBody) => {
      await editable(tenant, id);
      const { shortcode, message, geral, visao, status } = body;
      return change(tenant, id, { shortcode, message, geral, visao, status });
    },

    remove: async (tenant: TenantContext, id: number) => {
      const row = await editable(tenant, id);
      if (!(await repo.deleteQuickMessage(db, tenant.companyId, id))) throw quickMessageNotFound();
      await removeMedia(row);
      bus.publish({ companyId: tenant.companyId, event: 'quickmessage', payload: { action: 'delete', id } });
    },

    // The stored file replaces the previous one, which goes once the row no longer points at it.
    setMedia: async (tenant: TenantContext, id: number, upload: Upload) => {
      const row = await editable(tenant, id);
      const checked = await checkMedia(upload, upload.fileName);
      const name = await storage.save(tenant.companyId, MEDIA_FOLDER, openUpload(upload), checked.extension);
      const view = await change(tenant, id, { mediaPath: storage.urlOf(tenant.companyId, MEDIA_FOLDER, name), mediaName: upload.fileName.slice(0, 255) });
      await removeMedia(row);
      return view;
    },

    clearMedia: async (tenant: TenantContext, id: number) => {
      const row = await editable(tenant, id);
      const view = await change(tenant, id, { mediaPath: null, mediaName: null });
      await removeMedia(row);
      return view;
    },
  };
};

export type QuickMessagesService = ReturnType<typeof createQuickMessagesService>;
