// 01-core §9: infinite lists load the next page within 100 px of the bottom.
export const INFINITE_SCROLL_THRESHOLD_PX = 100;

export const isNearBottom = (element: HTMLElement, threshold = INFINITE_SCROLL_THRESHOLD_PX) =>
  element.scrollHeight - (element.scrollTop + element.clientHeight) < threshold;
