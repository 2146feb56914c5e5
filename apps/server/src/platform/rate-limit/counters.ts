// Fixed-window counters behind the request limits and the sign-in slowdown. Time is passed in by
// the caller (the app's clock for sign-ins), so every store agrees on when a window ends and a
// test can move past it. In process memory by default; in Redis (redis-counters.ts) when several
// processes must share the counts.
import type { FastifyBaseLogger } from 'fastify';

export type WindowCount = { count: number; resetAt: number };

export type CounterStore = {
  // counts one more in the key's window, opening a window of windowMs when none is running
  hit: (key: string, windowMs: number, now: number) => Promise<WindowCount>;
  // the running window's count without adding to it: 0 when none is running
  peek: (key: string, now: number) => Promise<WindowCount>;
  clear: (key: string) => Promise<void>;
};

// Ended windows are dropped when the map grows past this, so idle keys cannot pile up.
const SWEEP_ABOVE = 10_000;

export const createMemoryCounters = (): CounterStore => {
  const windows = new Map<string, WindowCount>();
  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };
  return {
    hit: async (key, windowMs, now) => {
      const running = windows.get(key);
      const window = running && running.resetAt > now ? { ...running, count: running.count + 1 } : { count: 1, resetAt: now + windowMs };
      if (!running && windows.size >= SWEEP_ABOVE) sweep(now);
      windows.set(key, window);
      return window;
    },
    peek: async (key, now) => {
      const running = windows.get(key);
      return running && running.resetAt > now ? running : { count: 0, resetAt: now };
    },
    clear: async (key) => {
      windows.delete(key);
    },
  };
};

// A store that cannot be reached counts nothing: requests and sign-ins go on unlimited rather
// than fail while Redis is down (the readiness probe reports the outage).
export const failingOpen = (store: CounterStore, log: FastifyBaseLogger): CounterStore => {
  let lastWarning = 0;
  const unreachable = (error: unknown, now: number): WindowCount => {
    // every request would fail the same way during an outage: one line a minute says it
    if (Date.now() - lastWarning > 60_000) {
      lastWarning = Date.now();
      log.warn({ err: error }, 'rate-limit counters unreachable; not limiting');
    }
    return { count: 0, resetAt: now };
  };
  return {
    hit: (key, windowMs, now) => store.hit(key, windowMs, now).catch((error: unknown) => unreachable(error, now)),
    peek: (key, now) => store.peek(key, now).catch((error: unknown) => unreachable(error, now)),
    clear: (key) => store.clear(key).catch((error: unknown) => void unreachable(error, 0)),
  };
};
