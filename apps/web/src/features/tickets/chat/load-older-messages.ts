import type { MessagesPage } from '@atende/shared/messages';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { ticketsApi } from '../tickets-api.ts';
import { ticketsQueryKeys } from '../list/tickets-cache.ts';

const rendered = () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));

// Adds the chat's older message pages to its cache, one at a time and each rendered before the
// next, until none is left or `enough` (which may measure the rendered list) says so.
export const loadOlderMessages = async (client: QueryClient, ticketId: number, enough: () => boolean) => {
  const key = ticketsQueryKeys.messages(ticketId);
  for (;;) {
    const data = client.getQueryData<InfiniteData<MessagesPage, number>>(key);
    if (!data?.pages.at(-1)?.hasMore || enough()) return;
    const older = await ticketsApi.messages(ticketId, data.pages.length + 1);
    client.setQueryData<InfiniteData<MessagesPage, number>>(key, (current) =>
      current && { pages: [...current.pages, older], pageParams: [...current.pageParams, current.pages.length + 1] },
    );
    await rendered();
  }
};
