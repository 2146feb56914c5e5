import type { AnnouncementPriority, AnnouncementView } from '@atende/shared/announcements';
import type { AnnouncementRow } from './announcements.repo.ts';

export const toAnnouncementView = (row: AnnouncementRow): AnnouncementView => ({
  id: row.id,
  title: row.title,
  text: row.text,
  priority: row.priority as AnnouncementPriority,
  status: row.status,
  mediaPath: row.mediaPath,
  mediaName: row.mediaName,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
