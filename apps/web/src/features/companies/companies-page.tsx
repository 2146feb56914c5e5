import type { CompanyView } from '@atende/shared/companies';
import { PLATFORM_COMPANY_ID, SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import { Autorenew } from '@mui/icons-material';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { formatDay } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { formatCurrency } from '../../lib/format.ts';
import { companiesApi, companiesQueryKeys } from './companies-api.ts';
import { CompanyModal } from './company-modal.tsx';
import { dueState } from './due-date.ts';
import { useRenewCompany } from './use-companies.ts';

const rowColours = { overdue: 'error.light', soon: 'warning.light', ok: undefined } as const;

const formatSize = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const formatInstant = (instant: string | null) => (instant ? new Date(instant).toLocaleString('pt-BR') : '');

type ModalState = { open: boolean; company: CompanyView | null };

// 03-saas §2 Companies screen (super only).
export const CompaniesPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const pages = useInfiniteQuery({
    queryKey: companiesQueryKeys.pages(debounced),
    queryFn: ({ pageParam }) => companiesApi.page(debounced, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
  const companies = pages.data?.pages.flatMap((page) => page.companies) ?? [];
  const [modal, setModal] = useState<ModalState>({ open: false, company: null });
  const refresh = () => queryClient.invalidateQueries({ queryKey: companiesQueryKeys.all });
  const renew = useRenewCompany();
  const column = (key: string, render: CrudColumn<CompanyView>['render'], testId?: string): CrudColumn<CompanyView> => ({
    key,
    header: t(`companies.columns.${key}`),
    render,
    testId,
  });
  const columns = [
    column('id', (company) => company.id),
    column('status', (company) => (company.status ? t('common.yes') : t('common.no'))),
    column('name', (company) => company.name, 'companies-name'),
    column('email', (company) => company.email),
    column('plan', (company) => company.plan?.name ?? ''),
    column('value', (company) => (company.plan ? formatCurrency(company.plan.amount) : '')),
    column('createdAt', (company) => formatDay(company.createdAt)),
    column(
      'dueDate',
      (company) => (
        <>
          {formatDay(company.dueDate)}
          <Typography variant="caption" component="div" color="text.secondary">
            {t(`companies.recurrences.${company.recurrence}`)}
          </Typography>
        </>
      ),
      'companies-due',
    ),
    column('lastLogin', (company) => formatInstant(company.lastLogin)),
    column('folderSize', (company) => formatSize(company.folderSize)),
    column('numberFileFolder', (company) => company.numberFileFolder),
    column('updatedAtFolder', (company) => formatInstant(company.updatedAtFolder)),
    column('actions', (company, row) => (
      <Stack direction="row">
        {company.id !== PLATFORM_COMPANY_ID && (
          <Tooltip title={t('companies.renew')}>
            <IconButton size="small" onClick={() => renew.mutate(company)} disabled={renew.isPending} data-testid="companies-renew">
              <Autorenew fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <EditDeleteActions
          onEdit={() => setModal({ open: true, company })}
          onDelete={company.id === PLATFORM_COMPANY_ID ? undefined : row.remove}
          testIdPrefix="companies"
        />
      </Stack>
    )),
  ];

  return (
    <CrudListPage
      testId="companies-page"
      title={t('companies.title')}
      search={{ value: search, onChange: setSearch }}
      add={{ label: t('companies.add'), onClick: () => setModal({ open: true, company: null }) }}
      columns={columns}
      rows={companies}
      loading={pages.isPending}
      emptyText={t('companies.empty')}
      scrollTestId="companies-scroll"
      testIdPrefix="companies"
      rowSx={(company) => ({ bgcolor: rowColours[dueState(company.dueDate)] })}
      rowAttributes={(company) => ({ 'data-company-id': company.id, 'data-due': dueState(company.dueDate) })}
      paging={pages}
      remove={{
        run: (company) => companiesApi.remove(company.id),
        onRemoved: refresh,
        title: t('companies.confirmDelete.title'),
        message: t('companies.confirmDelete.message'),
        removedToast: t('companies.toasts.saved'),
      }}
    >
      <CompanyModal open={modal.open} company={modal.company} onClose={() => setModal((current) => ({ ...current, open: false }))} />
    </CrudListPage>
  );
};
