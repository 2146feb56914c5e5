import { addRecurrence } from '@atende/shared/recurrence';
import type { CompanyView } from '@atende/shared/companies';
import { PLATFORM_COMPANY_ID, SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import { Add, Autorenew, Search } from '@mui/icons-material';
import { Button, IconButton, InputAdornment, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { toastError } from '../../lib/error-message.ts';
import { formatDay } from '../../lib/format.ts';
import { isNearBottom } from '../../lib/infinite-scroll.ts';
import { toast } from '../../lib/toast.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { formatCurrency } from '../../lib/format.ts';
import { companiesApi, companiesQueryKeys } from './companies-api.ts';
import { CompanyModal } from './company-modal.tsx';
import { dueState } from './due-date.ts';

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
  const [deleting, setDeleting] = useState<CompanyView | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: companiesQueryKeys.all });
  const renew = useMutation({
    mutationFn: (company: CompanyView) => companiesApi.update(company.id, { dueDate: addRecurrence(company.dueDate, company.recurrence) }),
    onSuccess: async () => {
      await refresh();
      toast.success(t('companies.toasts.saved'));
    },
    onError: (error) => toastError(error),
  });
  const remove = useMutation({
    mutationFn: (id: number) => companiesApi.remove(id),
    onSuccess: async () => {
      await refresh();
      toast.success(t('companies.toasts.saved'));
      setDeleting(null);
    },
    onError: (error) => toastError(error),
  });

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (isNearBottom(event.currentTarget) && pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }} data-testid="companies-page">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('companies.title')}
        </Typography>
        <TextField
          size="small"
          placeholder={t('common.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            htmlInput: { 'data-testid': 'companies-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button variant="contained" startIcon={<Add />} onClick={() => setModal({ open: true, company: null })} data-testid="companies-add">
          {t('companies.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="companies-scroll">
        <Table stickyHeader size="small" data-testid="companies-table">
          <TableHead>
            <TableRow>
              {['id', 'status', 'name', 'email', 'plan', 'value', 'createdAt', 'dueDate', 'lastLogin', 'folderSize', 'numberFileFolder', 'updatedAtFolder', 'actions'].map((column) => (
                <TableCell key={column}>{t(`companies.columns.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {companies.map((company) => {
              const state = dueState(company.dueDate);
              return (
                <TableRow key={company.id} hover sx={{ bgcolor: rowColours[state] }} data-testid="companies-row" data-company-id={company.id} data-due={state}>
                  <TableCell>{company.id}</TableCell>
                  <TableCell>{company.status ? t('common.yes') : t('common.no')}</TableCell>
                  <TableCell data-testid="companies-name">{company.name}</TableCell>
                  <TableCell>{company.email}</TableCell>
                  <TableCell>{company.plan?.name ?? ''}</TableCell>
                  <TableCell>{company.plan ? formatCurrency(company.plan.amount) : ''}</TableCell>
                  <TableCell>{formatDay(company.createdAt)}</TableCell>
                  <TableCell data-testid="companies-due">
                    {formatDay(company.dueDate)}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {t(`companies.recurrences.${company.recurrence}`)}
                    </Typography>
                  </TableCell>
                  <TableCell>{formatInstant(company.lastLogin)}</TableCell>
                  <TableCell>{formatSize(company.folderSize)}</TableCell>
                  <TableCell>{company.numberFileFolder}</TableCell>
                  <TableCell>{formatInstant(company.updatedAtFolder)}</TableCell>
                  <TableCell>
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
                        onDelete={company.id === PLATFORM_COMPANY_ID ? undefined : () => setDeleting(company)}
                        testIdPrefix="companies"
                      />
                    </Stack>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <ListStatus loading={pages.isPending || pages.isFetchingNextPage} empty={companies.length === 0} emptyText={t('companies.empty')} />
      </Paper>
      <CompanyModal open={modal.open} company={modal.company} onClose={() => setModal((current) => ({ ...current, open: false }))} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('companies.confirmDelete.title')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      >
        {t('companies.confirmDelete.message')}
      </ConfirmDialog>
    </Stack>
  );
};
