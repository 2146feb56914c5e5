import type { SessionAnswer } from '@atende/shared/users';

// The api client and the socket learn about refreshes and session ends here; the session
// provider listens, so lib code never imports React state.
type Listeners = {
  refreshed: (answer: SessionAnswer) => void;
  ended: () => void;
};

const listeners: { [K in keyof Listeners]: Set<Listeners[K]> } = {
  refreshed: new Set(),
  ended: new Set(),
};

export const onSessionEvent = <K extends keyof Listeners>(event: K, listener: Listeners[K]) => {
  listeners[event].add(listener);
  return () => {
    listeners[event].delete(listener);
  };
};

export const emitSessionRefreshed = (answer: SessionAnswer) => {
  for (const listener of listeners.refreshed) listener(answer);
};

export const emitSessionEnded = () => {
  for (const listener of listeners.ended) listener();
};
