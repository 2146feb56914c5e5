// Recording an audit entry (issue 38 point 6), a step of the transaction that makes the change, so
// the change and its record commit or roll back together.
import { MASKED_VALUE, type AuditAction } from '@atende/shared/audit';
import type { DbOrTx } from '../../db/client.ts';
import { insertAuditEntry } from './audit.repo.ts';

// Who did it and from where. A request's actor comes from request-actor.ts; a change nobody asked
// for (a job, the unverified sign-up sweep) has no user and says what it was in label.
export type AuditActor = { userId: number | null; apiKeyId?: number; ip?: string | null; userAgent?: string | null; label?: string };

export type AuditEntry = {
  // the company the change belongs to; null for the platform's own records (plans, global settings)
  companyId: number | null;
  action: AuditAction;
  entityType?: string;
  entityId?: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

// keys whose values never reach the log: passwords, secrets, tokens, keys and hashes of them
const SECRET_KEY = /password|secret|token|apikey|voicekey|hash|^key$|credential/i;

export const maskSecrets = (values: Record<string, unknown> | null | undefined): Record<string, unknown> | null => {
  if (!values) return null;
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, SECRET_KEY.test(key) && value !== null && value !== '' ? MASKED_VALUE : value]),
  );
};

export const recordAudit = (db: DbOrTx, actor: AuditActor, entry: AuditEntry) =>
  insertAuditEntry(
    db,
    {
      companyId: entry.companyId,
      actorUserId: actor.userId,
      ip: actor.ip ?? null,
      userAgent: actor.userAgent?.slice(0, 500) ?? null,
      action: entry.action,
      entityType: entry.entityType ?? null,
      entityId: entry.entityId === undefined ? null : String(entry.entityId),
      before: maskSecrets(entry.before),
      after: maskSecrets(entry.after),
    },
    actor,
  );
