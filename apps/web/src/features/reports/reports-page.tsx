import { currentMonthPeriod } from '@atende/shared/dashboard';
import { ratingFace } from '@atende/shared/ratings';
import { cutText, REPORT_DEFAULT_PAGE_SIZE, REPORT_PAGE_SIZES, REPORT_TEXT_CUT, type ReportRow } from '@atende/shared/reports';
import { FileDownload, History, OpenInNew } from '@mui/icons-material';
import { Button, IconButton, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Tooltip, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ListStatus } from '../../components/list-status.tsx';
import { toastError } from '../../lib/error-message.ts';
import { formatMinutes } from '../dashboard/dashboard-format.ts';
import { TicketLogDialog } from '../tickets/dialogs/ticket-log-dialog.tsx';
import { formatClock, formatDate } from '../../lib/format.ts';
import { SlaFiguresPanel } from '../../components/sla-figures/sla-figures-panel.tsx';
import { ReportFilters } from './report-filters.tsx';
import { reportsApi, reportsQueryKeys, type ReportFilter } from './reports-api.ts';
import { useReportExport } from './use-report-export.ts';

const dateTime = (iso: string | null) => (iso ? `${formatDate(new Date(iso))} ${formatClock(new Date(iso))}` : '');

// 03-saas §2: contact and last message cut at 20 characters, the full text in a tooltip.
const Cut = ({ text, testId }: { text: string; testId: string }) => (
  <Tooltip title={text}>
    <span data-testid={testId}>{cutText(text, REPORT_TEXT_CUT)}</span>
  </Tooltip>
);

const initialFilter = (): ReportFilter => {
  const month = currentMonthPeriod(new Date());
  return { contactId: null, whatsappIds: [], statuses: [], userIds: [], queueIds: [], dateFrom: month.from, dateTo: month.to, onlyRated: false };
};

// 03-saas §2 Tickets report (/reports): nothing until a filter is applied; pages of 5, 10, 15, 30.
export const ReportsPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [applied, setApplied] = useState<ReportFilter | null>(null);
  const [draft] = useState(initialFilter);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(REPORT_DEFAULT_PAGE_SIZE);
  const [logsOf, setLogsOf] = useState<ReportRow | null>(null);
  const report = useQuery({
    queryKey: reportsQueryKeys.page(applied ?? draft, page + 1, pageSize),
    queryFn: () => reportsApi.page(applied ?? draft, page + 1, pageSize),
    enabled: applied !== null,
    placeholderData: keepPreviousData,
  });
  const exporter = useReportExport();
  const rows = applied ? (report.data?.tickets ?? []) : [];
  const total = report.data?.totalTickets.total ?? 0;
  // a query not enabled yet is pending too: only an applied filter is loading
  const loading = applied !== null && report.isPending;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('reports.title')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<FileDownload />}
          disabled={exporter.isPending}
          onClick={() => exporter.mutate(applied ?? draft, { onError: (error) => toastError(error) })}
          data-testid="report-export"
        >
          {t('reports.export')}
        </Button>
      </Stack>
      {exporter.progress && (
        <Stack spacing={0.5} data-testid="report-export-progress">
          <LinearProgress />
          <Typography variant="body2" color="text.secondary">
            {t('reports.exporting', { total: exporter.progress.total, size: `${Math.round(exporter.progress.bytes / 1024)} KB` })}
          </Typography>
        </Stack>
      )}
      <ReportFilters
        initial={draft}
        onApply={(filter) => {
          setApplied(filter);
          setPage(0);
        }}
      />
      {/* issue 40 point 3: the applied days' SLA figures (the current month when the report names none) */}
      {applied && <SlaFiguresPanel query={{ date_from: applied.dateFrom || undefined, date_to: applied.dateTo || undefined }} />}
      <Paper variant="outlined" sx={{ overflow: 'auto' }}>
        <Table size="small" data-testid="report-table">
          <TableHead>
            <TableRow>
              {(['id', 'connection', 'contact', 'user', 'queue', 'status', 'lastMessage', 'createdAt', 'closedAt', 'supportTime', 'nps'] as const).map((column) => (
                <TableCell key={column}>{t(`reports.columns.${column}`)}</TableCell>
              ))}
              <TableCell align="center">{t('reports.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover data-testid="report-row" data-ticket-id={row.id}>
                <TableCell>{row.id}</TableCell>
                <TableCell>{row.whatsappName ?? ''}</TableCell>
                <TableCell>
                  <Cut text={row.contactName} testId="report-row-contact" />
                </TableCell>
                <TableCell>{row.userName ?? ''}</TableCell>
                <TableCell>{row.queueName ?? ''}</TableCell>
                <TableCell>{t(`reports.statuses.${row.status}`)}</TableCell>
                <TableCell>
                  <Cut text={row.lastMessage} testId="report-row-message" />
                </TableCell>
                <TableCell>{dateTime(row.createdAt)}</TableCell>
                <TableCell>{dateTime(row.closedAt)}</TableCell>
                <TableCell>{row.supportTime === null ? '' : formatMinutes(row.supportTime)}</TableCell>
                <TableCell>{row.NPS === null ? '' : `${ratingFace(row.NPS)} ${row.NPS}`}</TableCell>
                <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('reports.logs')}>
                    <IconButton size="small" onClick={() => setLogsOf(row)} data-testid="report-row-logs">
                      <History fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('reports.openTicket')}>
                    <IconButton size="small" onClick={() => navigate(`/tickets/${row.uuid}`)} data-testid="report-row-open">
                      <OpenInNew fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={loading} empty={!loading && rows.length === 0} emptyText={t('reports.empty')} />
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...REPORT_PAGE_SIZES]}
          labelRowsPerPage={t('reports.rowsPerPage')}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
          data-testid="report-pagination"
        />
      </Paper>
      {logsOf && <TicketLogDialog ticketId={logsOf.id} onClose={() => setLogsOf(null)} />}
    </Stack>
  );
};
