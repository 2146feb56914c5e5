import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
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
