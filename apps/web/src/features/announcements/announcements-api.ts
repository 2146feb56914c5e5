import type { AnnouncementSaveBody, AnnouncementsPage, AnnouncementView } from '@atende/shared/announcements';
import { api, apiRequest } from '../../lib/api-client.ts';

export const announcementsApi = {
  page: (searchParam: string, pageNumber: number) => api.get<AnnouncementsPage>('/announcements', { searchParam, pageNumber }),
  create: (body: AnnouncementSaveBody) => api.post<AnnouncementView>('/announcements', body),
  update: (id: number, body: AnnouncementSaveBody) => api.put<AnnouncementView>(`/announcements/${id}`, body),
  remove: (id: number) => api.delete<void>(`/announcements/${id}`),
  uploadMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return apiRequest<AnnouncementView>(`/announcements/${id}/media-upload`, { method: 'POST', body: form });
  },
  removeMedia: (id: number) => api.delete<AnnouncementView>(`/announcements/${id}/media-upload`),
};

export const announcementsQueryKeys = {
  all: ['announcements'] as const,
  pages: (search: string) => ['announcements', 'pages', search] as const,
};
