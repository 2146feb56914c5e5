import type { UsersPage, UserView } from '@atende/shared/users';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

export const usersQueryKeys = {
  all: ['users'] as const,
  allPages: ['users', 'pages'] as const,
  pages: (search: string) => ['users', 'pages', search] as const,
  list: ['users', 'list'] as const,
  one: (id: number) => ['users', 'one', id] as const,
};

type Pages = InfiniteData<UsersPage, number>;

const mapPages = (data: Pages | undefined, map: (users: UserView[], index: number) => UserView[]) =>
  data && { ...data, pages: data.pages.map((page, index) => ({ ...page, users: map(page.users, index) })) };

const withCountDelta = (data: Pages | undefined, delta: number) =>
  data && { ...data, pages: data.pages.map((page) => ({ ...page, count: Math.max(0, page.count + delta) })) };

// Like the spec's list reducer: replace the user where listed, else put it first.
export const upsertUserInCache = (client: QueryClient, user: UserView) => {
  client.setQueriesData<Pages>({ queryKey: usersQueryKeys.allPages }, (data) => {
    const listed = data?.pages.some((page) => page.users.some((row) => row.id === user.id));
    const next = mapPages(data, (users, index) => {
      if (listed) return users.map((row) => (row.id === user.id ? user : row));
      return index === 0 ? [user, ...users] : users;
    });
    return listed ? next : withCountDelta(next, 1);
  });
  client.setQueryData<UserView>(usersQueryKeys.one(user.id), (current) => (current ? user : current));
};

export const removeUserFromCache = (client: QueryClient, userId: number) => {
  client.setQueriesData<Pages>({ queryKey: usersQueryKeys.allPages }, (data) => {
    const listed = data?.pages.some((page) => page.users.some((row) => row.id === userId));
    const next = mapPages(data, (users) => users.filter((row) => row.id !== userId));
    return listed ? withCountDelta(next, -1) : next;
  });
  client.removeQueries({ queryKey: usersQueryKeys.one(userId) });
};
