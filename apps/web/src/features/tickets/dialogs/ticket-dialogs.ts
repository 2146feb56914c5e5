import type { TicketConflict, TicketView } from '@atende/shared/tickets';
import { useSyncExternalStore } from 'react';

// One dialog of the ticket manager at a time, opened from rows, the chat header or the contacts
// page (01-core §2 Modals).
export type TicketDialog =
  | { kind: 'accept'; ticket: TicketView; reopen: boolean }
  | { kind: 'transfer'; ticket: TicketView }
  | { kind: 'close'; ticket: TicketView }
  | { kind: 'delete'; ticket: TicketView }
  | { kind: 'log'; ticket: TicketView }
  | { kind: 'notes'; ticket: TicketView }
  | { kind: 'conflict'; conflict: TicketConflict }
  | { kind: 'new'; contact: { id: number; name: string } | null };

let current: TicketDialog | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const openTicketDialog = (dialog: TicketDialog | null) => {
  current = dialog;
  for (const listener of listeners) listener();
};
export const closeTicketDialog = () => openTicketDialog(null);

export const useTicketDialog = () => useSyncExternalStore(subscribe, () => current);
