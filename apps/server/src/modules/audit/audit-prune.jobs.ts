// Audit entries are kept AUDIT_LOG_RETENTION_DAYS (issue 38 point 6): a daily sweep on the job
// runner (platform/jobs/daily-prune.ts) deletes those made before. It is the only deletion of an
// entry; no route edits or deletes one.
import { defineDailyPrune } from '../../platform/jobs/daily-prune.ts';
import { deleteAuditEntriesBefore } from './audit.repo.ts';

const auditPrune = defineDailyPrune('audit.prune', deleteAuditEntriesBefore);

export const auditPruneJob = auditPrune.job;
export const scheduleAuditPrune = auditPrune.schedule;
export const registerAuditPruneJob = auditPrune.register;
