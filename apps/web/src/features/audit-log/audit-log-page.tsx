import type { AuditEntryView } from '@atende/shared/audit';
import { FileDownloadOutlined, VisibilityOutlined } from '@mui/icons-material';
import { Button, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { toastError } from '../../lib/error-message.ts';
import { formatClock, formatDate } from '../../lib/format.ts';
import { AuditEntryDialog } from './audit-entry-dialog.tsx';
import { emptyAuditFilter, type AuditScope } from './audit-log-api.ts';
import { AuditLogFilters } from './audit-log-filters.tsx';
import { useAuditExport, useAuditLog } from './use-audit-log.ts';

const dateTime = (value: string) => `${formatDate(new Date(value))} ${formatClock(new Date(value))}`;

// Issue 38 point 6: /audit-log (a company's admins) and /all-audit-log (the super admin, with the
// company column and filter). Read only: the product edits and deletes no entry.
const AuditLogPage = ({ scope }: { scope: AuditScope }) => {
  const { t } = useTranslation();
  const [filter, setFilter] = useState(emptyAuditFilter);
  const query = useDebouncedValue(filter, 300);
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useAuditLog(scope, query);
  const exporting = useAuditExport(scope);
  const [open, setOpen] = useState<AuditEntryView | null>(null);
  const actionLabel = (action: string) => t(`auditLog.actions.${action}`, { defaultValue: action });

  const columns: CrudColumn<AuditEntryView>[] = [
    { key: 'when', header: t('auditLog.columns.when'), render: (entry) => dateTime(entry.createdAt) },
    ...(scope === 'all' ? [{ key: 'company', header: t('auditLog.columns.company'), render: (entry: AuditEntryView) => entry.companyName ?? (entry.companyId === null ? t('auditLog.platform') : `#${entry.companyId}`) }] : []),
    { key: 'who', header: t('auditLog.columns.who'), render: (entry) => entry.actorLabel },
    { key: 'address', header: t('auditLog.columns.address'), render: (entry) => entry.ip ?? '' },
    { key: 'action', header: t('auditLog.columns.action'), testId: 'audit-action', render: (entry) => actionLabel(entry.action) },
    { key: 'entity', header: t('auditLog.columns.entity'), render: (entry) => (entry.entityType ? `${t(`auditLog.entities.${entry.entityType}`, { defaultValue: entry.entityType })}${entry.entityId ? ` #${entry.entityId}` : ''}` : '') },
    {
      key: 'details',
      align: 'right',
      render: (entry) => (
        <Tooltip title={t('auditLog.details')}>
          <IconButton size="small" onClick={() => setOpen(entry)} data-testid="audit-entry-open" aria-label={t('auditLog.details')}>
            <VisibilityOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <CrudListPage
      title={t(scope === 'all' ? 'auditLog.allTitle' : 'auditLog.title')}
      columns={columns}
      rows={data?.pages.flatMap((page) => page.entries) ?? []}
      loading={isPending}
      emptyText={t('auditLog.empty')}
      testIdPrefix="audit-log"
      paging={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
      rowAttributes={(entry) => ({ 'data-audit-action': entry.action, 'data-entity-id': entry.entityId ?? '', 'data-actor-user-id': String(entry.actorUserId ?? '') })}
      headerActions={
        <>
          <AuditLogFilters filter={filter} onChange={setFilter} withCompany={scope === 'all'} />
          <Button variant="outlined" startIcon={<FileDownloadOutlined />} disabled={exporting.isPending} onClick={() => exporting.mutate(filter, { onError: (error) => toastError(error) })} data-testid="audit-export">
            {t('auditLog.export')}
          </Button>
        </>
      }
    >
      <AuditEntryDialog entry={open} actionLabel={open ? actionLabel(open.action) : ''} onClose={() => setOpen(null)} />
    </CrudListPage>
  );
};

export const CompanyAuditLogPage = () => <AuditLogPage scope="company" />;
export const AllAuditLogPage = () => <AuditLogPage scope="all" />;
