// The kinds of durable timers a ticket can carry (platform/timers.ts).
export const ticketTimerKinds = {
  npsExpiry: 'npsExpiry',
  inactivityWarning: 'inactivityWarning',
  inactivityClose: 'inactivityClose',
  queueRedirect: 'queueRedirect',
  queueRotation: 'queueRotation',
} as const;

export const allTicketTimerKinds = Object.values(ticketTimerKinds);
