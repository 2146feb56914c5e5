// In-process domain events, published by services after their transaction commits. The
// realtime layer is the only subscriber that maps them to Socket.IO channels.
import { EventEmitter } from 'node:events';
import type { CompanyEventName, CompanyEvents } from '@atende/shared/events';
import type { VisibleTicket } from '@atende/shared/ticket-visibility';

// Who may receive an event: the whole company, one user's sockets, or the users allowed to see a
// ticket under the 01-core §6 rules.
export type Audience = { userId: number } | { ticket: VisibleTicket } | undefined;

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
