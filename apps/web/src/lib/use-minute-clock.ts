import { useSyncExternalStore } from 'react';

// One shared minute tick for every countdown on screen (issue 40 point 3's SLA chips): a list of
// tickets holds one interval, not one per row. It runs only while something reads it.
const MINUTE_MS = 60_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, MINUTE_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
};

// the time in milliseconds, renewed each minute
export const useMinuteClock = () => useSyncExternalStore(subscribe, () => now);
