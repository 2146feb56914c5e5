// Announcements (02-operations §3 Announcement, §5, §7 Announcements; 01-core §2 Announcements
// popover): notices the super user writes and every user of every company reads.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { boundedText, idParam, pageNumberQuery, searchParamQuery } from './validation.ts';

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

export const announcementView = z
  .object({
    id: z.number().int(),
    title: z.string(),
    text: z.string(),
    priority: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    status: z.boolean(),
    mediaPath: z.string().nullable(),
    mediaName: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Announcement' });
export type AnnouncementView = z.infer<typeof announcementView>;

export const announcementsPage = z.object({ records: z.array(announcementView), count: z.number().int(), hasMore: z.boolean() }).meta({ id: 'AnnouncementPage' });
export type AnnouncementsPage = z.infer<typeof announcementsPage>;

export const announcementSaveBody = z
  .strictObject({
    title: boundedText(1, 200),
    text: boundedText(1, 5000),
    priority: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(DEFAULT_ANNOUNCEMENT_PRIORITY),
    status: z.boolean().default(true),
  })
  .meta({ id: 'AnnouncementBody' });
export type AnnouncementSaveBody = z.infer<typeof announcementSaveBody>;
export type AnnouncementSaveInput = z.input<typeof announcementSaveBody>;

export const announcementsListQuery = z.strictObject({
  searchParam: searchParamQuery,
  pageNumber: pageNumberQuery,
});
export type AnnouncementsListQuery = z.infer<typeof announcementsListQuery>;

const announcementParams = z.strictObject({ id: idParam });

// 02-operations §7 Announcements calls: every user reads the active ones, the super user writes
const notFound = { 404: ['ERR_NO_ANNOUNCEMENT_FOUND'] } as const;
export const announcementsEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/announcements',
    query: announcementsListQuery,
    response: announcementsPage,
    operationId: 'listAnnouncements',
    summary: 'A page of announcements, searched by title (the active ones, or every one for the super user)',
  }),
  show: defineEndpoint({ method: 'GET', path: '/announcements/:id', params: announcementParams, response: announcementView, operationId: 'showAnnouncement', summary: 'One announcement', errors: notFound }),
  create: defineEndpoint({
    method: 'POST',
    path: '/announcements',
    body: announcementSaveBody,
    response: announcementView,
    status: 201,
    operationId: 'createAnnouncement',
    summary: 'Adds an announcement for every company (super user)',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/announcements/:id',
    params: announcementParams,
    body: announcementSaveBody,
    response: announcementView,
    operationId: 'updateAnnouncement',
    summary: 'Changes an announcement (super user)',
    errors: notFound,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/announcements/:id',
    params: announcementParams,
    response: null,
    status: 204,
    operationId: 'deleteAnnouncement',
    summary: 'Removes an announcement and its image (super user)',
    errors: notFound,
  }),
  // the body is multipart (one `file`, a PNG or JPEG), read by the route
  uploadMedia: defineEndpoint({
    method: 'POST',
    path: '/announcements/:id/media-upload',
    params: announcementParams,
    response: announcementView,
    operationId: 'uploadAnnouncementMedia',
    summary: "Sets an announcement's image (super user)",
    errors: { 400: ['ERR_INVALID_FILE', 'ERR_INVALID_IMAGE'], ...notFound, 413: ['ERR_FILE_TOO_LARGE'] },
  }),
  removeMedia: defineEndpoint({
    method: 'DELETE',
    path: '/announcements/:id/media-upload',
    params: announcementParams,
    response: announcementView,
    operationId: 'deleteAnnouncementMedia',
    summary: "Removes an announcement's image (super user)",
    errors: notFound,
  }),
};
