import {
  ANNOUNCEMENTS_PAGE_SIZE,
  type AnnouncementSaveBody,
  type AnnouncementsListQuery,
  type AnnouncementsPage,
  type AnnouncementView,
} from '@atende/shared/announcements';
import type { CompanyEvents } from '@atende/shared/events';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { checkMedia } from '../../platform/media.ts';
import { openUpload, type Upload } from '../../platform/uploads.ts';
import type { Storage } from '../../platform/storage.ts';
import * as repo from './announcements.repo.ts';
import { toAnnouncementView } from './announcements.view.ts';

type Deps = { db: Db; bus: EventBus; storage: Storage };

const MEDIA_FOLDER = 'announcements';
// 02-operations §5: the image accepts .png, .jpg, .jpeg, told by its content
const imageExtensions = new Set(['png', 'jpg']);

const announcementNotFound = () => notFound('ERR_NO_ANNOUNCEMENT_FOUND');

export const createAnnouncementsService = ({ db, bus, storage }: Deps) => {
  // Every socket of every company gets it on company-announcement (01-core §7): announcements are
  // the platform's, so the event is not tied to the writer's company.
  const publish = (tenant: TenantContext, payload: CompanyEvents['announcement']) =>
    bus.publish({ companyId: tenant.companyId, event: 'announcement', payload, audience: { everyone: true } });

  const existing = async (announcementId: number) => {
    const row = await repo.findAnnouncement(db, announcementId);
    if (!row) throw announcementNotFound();
    return row;
  };

  // The previous image goes once the row no longer points at it.
  const replaceMedia = async (tenant: TenantContext, current: repo.AnnouncementRow, media: { path: string; name: string } | null) => {
    const row = await repo.updateAnnouncement(db, current.id, { mediaPath: media?.path ?? null, mediaName: media?.name ?? null });
    if (!row) throw announcementNotFound();
    if (current.mediaPath) await storage.remove(current.companyId, MEDIA_FOLDER, current.mediaPath);
    const announcement = toAnnouncementView(row);
    publish(tenant, { action: 'update', announcement });
    return announcement;
  };

  return {
    // everyone reads the active ones; the super user, who manages them, every one
    list: async (tenant: TenantContext, query: AnnouncementsListQuery): Promise<AnnouncementsPage> => {
      const offset = (query.pageNumber - 1) * ANNOUNCEMENTS_PAGE_SIZE;
      const page = await repo.listAnnouncements(db, {
        search: query.searchParam,
        activeOnly: !tenant.actor.super,
        limit: ANNOUNCEMENTS_PAGE_SIZE,
        offset,
      });
      return { records: page.rows.map(toAnnouncementView), count: page.count, hasMore: offset + page.rows.length < page.count };
    },

    show: async (tenant: TenantContext, announcementId: number): Promise<AnnouncementView> => {
      const row = await existing(announcementId);
      if (!row.status && !tenant.actor.super) throw announcementNotFound();
      return toAnnouncementView(row);
    },

    create: async (tenant: TenantContext, body: AnnouncementSaveBody) => {
      const announcement = toAnnouncementView(await repo.insertAnnouncement(db, tenant.companyId, body));
      publish(tenant, { action: 'create', announcement });
      return announcement;
    },

    update: async (tenant: TenantContext, announcementId: number, body: AnnouncementSaveBody) => {
      const row = await repo.updateAnnouncement(db, announcementId, body);
      if (!row) throw announcementNotFound();
      const announcement = toAnnouncementView(row);
      publish(tenant, { action: 'update', announcement });
      return announcement;
    },

    remove: async (tenant: TenantContext, announcementId: number) => {
      const row = await repo.deleteAnnouncement(db, announcementId);
      if (!row) throw announcementNotFound();
      if (row.mediaPath) await storage.remove(row.companyId, MEDIA_FOLDER, row.mediaPath);
      publish(tenant, { action: 'delete', announcementId });
    },

    setMedia: async (tenant: TenantContext, announcementId: number, upload: Upload) => {
      const current = await existing(announcementId);
      const checked = await checkMedia(upload, upload.fileName);
      if (checked.mediaType !== 'image' || !imageExtensions.has(checked.extension)) throw new AppError('ERR_INVALID_FILE', 400);
      const name = await storage.save(current.companyId, MEDIA_FOLDER, openUpload(upload), checked.extension);
      return replaceMedia(tenant, current, { path: storage.urlOf(current.companyId, MEDIA_FOLDER, name), name: upload.fileName.slice(0, 255) });
    },

    clearMedia: async (tenant: TenantContext, announcementId: number) => replaceMedia(tenant, await existing(announcementId), null),
  };
};

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
