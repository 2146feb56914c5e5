import { auditEndpoints, type AuditAction, type AuditEntity } from '@atende/shared/audit';
import { companiesEndpoints } from '@atende/shared/companies';
import { apiResponse } from '../../lib/api-client.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

// a company's admins read theirs; the super admin every company's, optionally one
export type AuditScope = 'company' | 'all';

// The filters as the screen holds them ('' or null: not filtered).
export type AuditFilter = { dateFrom: string; dateTo: string; action: AuditAction | ''; entityType: AuditEntity | ''; entityId: string; actorUserId: number | null; companyId: number | null };

export const emptyAuditFilter: AuditFilter = { dateFrom: '', dateTo: '', action: '', entityType: '', entityId: '', actorUserId: null, companyId: null };

const filterParams = (scope: AuditScope, filter: AuditFilter) => ({
  dateFrom: filter.dateFrom || undefined,
  dateTo: filter.dateTo || undefined,
  action: filter.action || undefined,
  entityType: filter.entityType || undefined,
  entityId: filter.entityId.trim() || undefined,
  actorUserId: filter.actorUserId ?? undefined,
  companyId: scope === 'all' ? (filter.companyId ?? undefined) : undefined,
});

export const auditLogApi = {
  page: (scope: AuditScope, filter: AuditFilter, before: number | undefined) =>
    scope === 'all'
      ? callEndpoint(auditEndpoints.listAll, { query: { ...filterParams(scope, filter), before } })
      : callEndpoint(auditEndpoints.list, { query: { ...filterParams(scope, filter), before } }),
  exportFile: (scope: AuditScope, filter: AuditFilter) => apiResponse(`${scope === 'all' ? '/all-audit-log' : '/audit-log'}/export`, { query: filterParams(scope, filter) }),
  companyOptions: () => callEndpoint(companiesEndpoints.options),
};

export const auditLogQueryKeys = {
  page: (scope: AuditScope, filter: AuditFilter) => ['audit-log', scope, filter] as const,
  companyOptions: ['audit-log', 'company-options'] as const,
};
