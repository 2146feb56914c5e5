import type { AnnouncementSaveBody, AnnouncementView } from '@atende/shared/announcements';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { announcementsApi, announcementsQueryKeys } from './announcements-api.ts';

export const useAnnouncementsPages = (search: string) =>
  useInfiniteQuery({
    queryKey: announcementsQueryKeys.pages(search),
    queryFn: ({ pageParam }) => announcementsApi.page(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

// company-announcement: any change refreshes every announcement list (02-operations §4).
export const useAnnouncementEvents = () => {
  const client = useQueryClient();
  useCompanyEvent('announcement', () => void client.invalidateQueries({ queryKey: announcementsQueryKeys.all }));
};

// the image picked is sent after the save; a removed one is dropped then
export type AnnouncementMediaChange = { file: File | null; dropMedia: boolean };

export const useSaveAnnouncement = (announcement: AnnouncementView | null, { file, dropMedia }: AnnouncementMediaChange) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: async (body: AnnouncementSaveBody) => {
      const saved = announcement ? await announcementsApi.update(announcement.id, body) : await announcementsApi.create(body);
      if (file) return announcementsApi.uploadMedia(saved.id, file);
      if (dropMedia && saved.mediaPath) return announcementsApi.removeMedia(saved.id);
      return saved;
    },
    store: (client) => {
      void client.invalidateQueries({ queryKey: announcementsQueryKeys.all });
    },
    savedToast: t('announcements.saved'),
  });
};
