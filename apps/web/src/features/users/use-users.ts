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

// Pickers on other screens (a wallet, a transfer, a filter).
export const useUsersList = (enabled = true) =>
  useQuery({ queryKey: usersQueryKeys.list, queryFn: usersApi.list, enabled, staleTime: 60_000 });
