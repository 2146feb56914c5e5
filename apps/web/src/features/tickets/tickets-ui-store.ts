import { useSyncExternalStore } from 'react';

// Ticket-manager state that lives outside the page: the open chat (notifications skip it,
// 01-core §4) and the selected tab (actions switch it after accept or reopen).
export type TicketTab = 'open' | 'pending' | 'closed' | 'group';
type State = { openTicketId: number | null; tab: TicketTab };

let state: State = { openTicketId: null, tab: 'open' };
const listeners = new Set<() => void>();

const set = (next: Partial<State>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const ticketsUi = {
  get: () => state,
  setOpenTicket: (openTicketId: number | null) => set({ openTicketId }),
  setTab: (tab: TicketTab) => set({ tab }),
};

export const useTicketTab = () => useSyncExternalStore(subscribe, () => state.tab);
export const useOpenTicketId = () => useSyncExternalStore(subscribe, () => state.openTicketId);
