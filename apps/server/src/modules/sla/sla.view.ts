// An SLA policy as the SLA screen reads it, and a ticket's open target as its chip does.
import type { SlaPolicyView } from '@atende/shared/sla';
import type { TicketSlaView } from '@atende/shared/sla-view';
import type { SlaPolicyRow, SlaTargetRow } from './sla.repo.ts';

export const toSlaPolicyView = (row: SlaPolicyRow): SlaPolicyView => ({
  id: row.id,
  name: row.name,
  queueId: row.queueId,
  priority: row.priority,
  firstResponseMinutes: row.firstResponseMinutes,
  nextResponseMinutes: row.nextResponseMinutes,
  resolutionMinutes: row.resolutionMinutes,
  hoursMode: row.hoursMode,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toTicketSlaView = (row: SlaTargetRow): TicketSlaView => ({
  kind: row.kind,
  dueAt: row.dueAt.toISOString(),
  startedAt: row.createdAt.toISOString(),
  breached: row.breachedAt !== null,
});
