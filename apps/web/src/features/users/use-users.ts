import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { usersApi } from './users-api.ts';
import { usersQueryKeys } from './users-cache.ts';

export const useUsersPages = (search: string) =>
  useInfiniteQuery({
    queryKey: usersQueryKeys.pages(search),
    queryFn: ({ pageParam }) => usersApi.page(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useUser = (id: number | null) =>
  useQuery({
    queryKey: usersQueryKeys.one(id ?? 0),
    queryFn: () => usersApi.get(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
  });

export const useQueueOptions = (enabled: boolean) =>
  useQuery({ queryKey: ['queue'], queryFn: usersApi.queues, enabled, staleTime: 60_000 });

export const useConnectionOptions = (enabled: boolean) =>
  useQuery({ queryKey: ['whatsapp'], queryFn: usersApi.connections, enabled, staleTime: 60_000 });
