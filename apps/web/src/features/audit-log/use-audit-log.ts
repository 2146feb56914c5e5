import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { AUDIT_EXPORT_FILE_NAME } from '@atende/shared/audit';
import { saveFile } from '../../lib/save-file.ts';
import { auditLogApi, auditLogQueryKeys, type AuditFilter, type AuditScope } from './audit-log-api.ts';

export const useAuditLog = (scope: AuditScope, filter: AuditFilter) =>
  useInfiniteQuery({
    queryKey: auditLogQueryKeys.page(scope, filter),
    queryFn: ({ pageParam }) => auditLogApi.page(scope, filter, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

// the super admin's company filter
export const useAuditCompanyOptions = (enabled: boolean) => useQuery({ queryKey: auditLogQueryKeys.companyOptions, queryFn: auditLogApi.companyOptions, enabled, staleTime: 60_000 });

// The server writes the spreadsheet for the filters (bounded, newest first); the browser saves it.
export const useAuditExport = (scope: AuditScope) =>
  useMutation({
    mutationFn: async (filter: AuditFilter) => saveFile(await (await auditLogApi.exportFile(scope, filter)).blob(), AUDIT_EXPORT_FILE_NAME),
  });
