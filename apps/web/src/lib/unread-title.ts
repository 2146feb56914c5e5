import { useEffect, useSyncExternalStore } from 'react';

// The unread count shown in the page title (01-core §2); the tickets feature sets it.
let unreadCount = 0;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const setUnreadCount = (count: number) => {
  if (count === unreadCount) return;
  unreadCount = count;
  for (const listener of listeners) listener();
};

export const useUnreadCount = () => useSyncExternalStore(subscribe, () => unreadCount);

export const useUnreadTitle = (count: number) => {
  useEffect(() => {
    setUnreadCount(count);
    return () => setUnreadCount(0);
  }, [count]);
};
