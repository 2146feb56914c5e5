// In-process domain events, published by services after their transaction commits. The
// realtime layer is the only subscriber that maps them to Socket.IO channels.
import { EventEmitter } from 'node:events';
import type { CompanyEventName, CompanyEvents } from '@atende/shared/events';

// Who may receive an event: the whole company, or only one user's sockets.
export type Audience = { userId: number } | undefined;

export type DomainEvent<E extends CompanyEventName = CompanyEventName> = {
  companyId: number;
  event: E;
  payload: CompanyEvents[E];
  audience?: Audience;
};

export type EventBus = {
  publish: <E extends CompanyEventName>(event: DomainEvent<E>) => void;
  subscribe: (listener: (event: DomainEvent) => void) => () => void;
};

export const createEventBus = (): EventBus => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (event) => emitter.emit('event', event),
    subscribe: (listener) => {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
};
