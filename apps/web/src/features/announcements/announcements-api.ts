import { announcementsEndpoints, type AnnouncementSaveBody } from '@atende/shared/announcements';
import { callEndpoint, sendFormToEndpoint } from '../../lib/endpoint-client.ts';

export const announcementsApi = {
  page: (searchParam: string, pageNumber: number) => callEndpoint(announcementsEndpoints.page, { query: { searchParam, pageNumber } }),
  create: (body: AnnouncementSaveBody) => callEndpoint(announcementsEndpoints.create, { body }),
  update: (id: number, body: AnnouncementSaveBody) => callEndpoint(announcementsEndpoints.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(announcementsEndpoints.remove, { params: { id } }),
  uploadMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return sendFormToEndpoint(announcementsEndpoints.uploadMedia, form, { params: { id } });
  },
  removeMedia: (id: number) => callEndpoint(announcementsEndpoints.removeMedia, { params: { id } }),
};

export const announcementsQueryKeys = {
  all: ['announcements'] as const,
  pages: (search: string) => ['announcements', 'pages', search] as const,
};
