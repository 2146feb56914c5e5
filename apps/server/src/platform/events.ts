// In-process domain events, published by services after their transaction commits. The
// realtime layer is the only subscriber that maps them to Socket.IO channels.
import { EventEmitter } from 'node:events';
import type { CompanyEventName, CompanyEvents, PublicEventName, PublicEvents } from '@atende/shared/events';
import type { VisibleTicket } from '@atende/shared/ticket-visibility';

// The permissions an event's payload may depend on; realtime keeps a room per permission for them.
export const eventPermissions = ['connections:view'] as const;
export type EventPermission = (typeof eventPermissions)[number];

// Who may receive an event: the whole company, one user's sockets, a few users' sockets (an
// internal chat's members), every socket of every company (the platform's announcements), the
// users allowed to see a ticket under the 01-core §6 rules, or the whole company where users
// without `permission` get `othersGet` (the payload without what only they may read).
export type Audience<P = unknown> =
  | { userId: number }
  | { userIds: number[] }
  | { everyone: true }
  | { ticket: VisibleTicket }
  | { permission: EventPermission; othersGet: P }
  | undefined;

export type DomainEvent<E extends CompanyEventName = CompanyEventName> = {
  companyId: number;
  event: E;
  payload: CompanyEvents[E];
  audience?: Audience<CompanyEvents[E]>;
};

export type PublicEvent<E extends PublicEventName = PublicEventName> = { event: E; payload: PublicEvents[E] };

export type EventBus = {
  publish: <E extends CompanyEventName>(event: DomainEvent<E>) => void;
  subscribe: (listener: (event: DomainEvent) => void) => () => void;
  // platform-wide, for everyone including visitors who have not signed in
  publishPublic: <E extends PublicEventName>(event: PublicEvent<E>) => void;
  subscribePublic: (listener: (event: PublicEvent) => void) => () => void;
  // a sign-in ended (logout, or its rotated refresh token came back): realtime drops its sockets
  endSession: (sessionId: string) => void;
  onSessionEnd: (listener: (sessionId: string) => void) => () => void;
};

export const createEventBus = (): EventBus => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const on = <A extends unknown[]>(name: string, listener: (...args: A) => void) => {
    emitter.on(name, listener);
    return () => void emitter.off(name, listener);
  };
  return {
    publish: (event) => emitter.emit('event', event),
    subscribe: (listener) => on('event', listener),
    publishPublic: (event) => emitter.emit('publicEvent', event),
    subscribePublic: (listener) => on('publicEvent', listener),
    endSession: (sessionId) => emitter.emit('sessionEnd', sessionId),
    onSessionEnd: (listener) => on('sessionEnd', listener),
  };
};
