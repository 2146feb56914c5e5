// The audit log's catalogue (issue 38 point 6): what an entry can record. An action is the
// changed thing's kind and what happened to it; the server records each in the transaction of
// the change, and nobody edits or deletes an entry through the product.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { idParam, isoDatePrefix } from './validation.ts';

export const auditEntities = [
  'auth',
  'session',
  'user',
  'connection',
  'queue',
  'setting',
  'globalSetting',
  'plan',
  'company',
  'queueIntegration',
  'prompt',
  'apiKey',
  'webhookEndpoint',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

export const auditActions = [
  'auth.signIn',
  'auth.signInFailed',
  'auth.passwordChanged',
  'auth.passwordResetRequested',
  'auth.passwordReset',
  'auth.twoFactorEnabled',
  'auth.twoFactorDisabled',
  'auth.twoFactorReset',
  'auth.twoFactorFailed',
  'auth.recoveryCodesRegenerated',
  'auth.recoveryCodeUsed',
  'session.ended',
  'session.endedAll',
  'user.create',
  'user.update',
  'user.delete',
  'user.invite',
  'user.invitationAccepted',
  'connection.create',
  'connection.update',
  'connection.delete',
  'queue.create',
  'queue.update',
  'queue.delete',
  'setting.update',
  'globalSetting.update',
  'plan.create',
  'plan.update',
  'plan.delete',
  'company.create',
  'company.update',
  'company.delete',
  'company.signup',
  'company.verified',
  'company.removedUnverified',
  'queueIntegration.create',
  'queueIntegration.update',
  'queueIntegration.delete',
  'prompt.create',
  'prompt.update',
  'prompt.delete',
  'apiKey.create',
  'apiKey.revoke',
  'webhookEndpoint.create',
  'webhookEndpoint.update',
  'webhookEndpoint.delete',
  'webhookEndpoint.rotateSecret',
] as const satisfies readonly `${AuditEntity}.${string}`[];
export type AuditAction = (typeof auditActions)[number];

// what stands in for a secret's value in an entry's before and after
export const MASKED_VALUE = '********';

// Reading the log: a company's admins read theirs, the super admin every company's (optionally one).
// Newest first, a page at a time: `before` is the id of the last entry of the previous page.
export const AUDIT_PAGE_SIZE = 50;
// the most rows an export writes (the newest first); a wider range is narrowed by the filters
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
export const AUDIT_EXPORT_FILE_NAME = 'audit-log.xlsx';

const day = isoDatePrefix.transform((text) => text.slice(0, 10));

export const auditFilterQuery = z.object({
  // whole days in UTC, both included
  dateFrom: day.optional(),
  dateTo: day.optional(),
  action: z.enum(auditActions).optional(),
  entityType: z.enum(auditEntities).optional(),
  actorUserId: idParam.optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
});
export type AuditFilterQuery = z.infer<typeof auditFilterQuery>;

export const allAuditFilterQuery = auditFilterQuery.extend({ companyId: idParam.optional() });
export type AllAuditFilterQuery = z.infer<typeof allAuditFilterQuery>;

const auditPageQuery = auditFilterQuery.extend({ before: z.coerce.number().int().positive().optional() });
const allAuditPageQuery = allAuditFilterQuery.extend({ before: z.coerce.number().int().positive().optional() });

const auditEntryView = z
  .object({
    id: z.number().int(),
    createdAt: z.string(),
    companyId: z.number().int().nullable(),
    // the company's name now; null for the platform's own entries or a company since removed
    companyName: z.string().nullable(),
    actorUserId: z.number().int().nullable(),
    actorLabel: z.string(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    action: z.string(),
    entityType: z.string().nullable(),
    entityId: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntryView = z.infer<typeof auditEntryView>;

const auditPage = z.object({ entries: z.array(auditEntryView), nextBefore: z.number().int().nullable() }).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPage>;

export const auditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/audit-log',
    query: auditPageQuery,
    response: auditPage,
    operationId: 'listAuditLog',
    summary: "The company's audit log, newest first, filtered; nextBefore asks for the next page",
  }),
  listAll: defineEndpoint({
    method: 'GET',
    path: '/all-audit-log',
    query: allAuditPageQuery,
    response: auditPage,
    operationId: 'listAllAuditLog',
    summary: "Every company's audit log and the platform's own, newest first, optionally of one company (super admin)",
  }),
};
