// An SLA policy as the SLA screen reads it.
import type { SlaPolicyView } from '@atende/shared/sla';
import type { SlaPolicyRow } from './sla.repo.ts';

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
