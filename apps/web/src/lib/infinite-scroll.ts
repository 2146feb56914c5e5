import type { UIEvent } from 'react';

// 01-core §9: infinite lists load the next page within 100 px of the bottom.
export const INFINITE_SCROLL_THRESHOLD_PX = 100;

export const isNearBottom = (element: HTMLElement, threshold = INFINITE_SCROLL_THRESHOLD_PX) =>
  element.scrollHeight - (element.scrollTop + element.clientHeight) < threshold;

type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

// The onScroll of an infinite list: the next page once the bottom is near.
export const loadMoreOnScroll = (pages: Pages) => (event: UIEvent<HTMLElement>) => {
  if (isNearBottom(event.currentTarget) && pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
};
