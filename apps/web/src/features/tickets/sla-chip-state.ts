import type { TicketSlaView } from '@atende/shared/sla-view';

// issue 40 point 3: a ticket's SLA chip turns amber once less than a quarter of its target's time
// is left (2.5 minutes of a 10-minute first response, 6 hours of a day's resolution: a fixed number
// of minutes would warn too early on short targets or too late on long ones), and red once the due
// moment passed.
const WARN_SHARE = 0.25;
const MINUTE_MS = 60_000;

export type SlaTone = 'onTime' | 'warning' | 'overdue';

// minutes: whole minutes left (rounded up, so "1 min" until the due moment) or overdue (rounded down)
export const slaChipState = (sla: TicketSlaView, now: number): { tone: SlaTone; minutes: number } => {
  const due = Date.parse(sla.dueAt);
  const left = due - now;
  if (left <= 0 || sla.breached) return { tone: 'overdue', minutes: Math.max(0, Math.floor(-left / MINUTE_MS)) };
  const warning = left < (due - Date.parse(sla.startedAt)) * WARN_SHARE;
  return { tone: warning ? 'warning' : 'onTime', minutes: Math.ceil(left / MINUTE_MS) };
};
