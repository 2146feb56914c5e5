// Announcements (02-operations §3 Announcement, §5, §7 Announcements; 01-core §2 Announcements
// popover): notices the super user writes and every user of every company reads.
import { z } from 'zod';
import { boundedText, pageNumberQuery, searchParamQuery } from './validation.ts';

export const ANNOUNCEMENTS_PAGE_SIZE = 20;
// 1 high, 2 medium, 3 low (02-operations §9)
export const announcementPriorities = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof announcementPriorities)[number];
export const DEFAULT_ANNOUNCEMENT_PRIORITY: AnnouncementPriority = 3;
// 01-core §2: the popover's colour bar by priority
export const announcementPriorityColors: Record<AnnouncementPriority, string> = { 1: '#d32f2f', 2: '#ed6c02', 3: '#9e9e9e' };
// 02-operations §5: the image accepts .png, .jpg, .jpeg (the server checks the content)
export const ANNOUNCEMENT_MEDIA_ACCEPT = '.png,.jpg,.jpeg';
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 5 * 1024 * 1024;

export type AnnouncementView = {
  id: number;
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
};

export type AnnouncementsPage = { records: AnnouncementView[]; count: number; hasMore: boolean };

export const announcementSaveBody = z.strictObject({
  title: boundedText(1, 200),
  text: boundedText(1, 5000),
  priority: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(DEFAULT_ANNOUNCEMENT_PRIORITY),
  status: z.boolean().default(true),
});
export type AnnouncementSaveBody = z.infer<typeof announcementSaveBody>;
export type AnnouncementSaveInput = z.input<typeof announcementSaveBody>;

export const announcementsListQuery = z.strictObject({
  searchParam: searchParamQuery,
  pageNumber: pageNumberQuery,
});
export type AnnouncementsListQuery = z.infer<typeof announcementsListQuery>;
