import type { DashboardQuery, SlaFigure } from '@atende/shared/dashboard';
import { Box, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { ListStatus } from '../list-status.tsx';
import { useSlaFigures } from './use-sla-figures.ts';

type NamedFigure = SlaFigure & { key: string; name: string };

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

const FiguresTable = ({ title, rows, testId }: { title: string; rows: NamedFigure[]; testId: string }) => {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
      <Typography variant="subtitle2">{title}</Typography>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('sla.figures.name')}</TableCell>
            <TableCell align="right">{t('sla.figures.targets')}</TableCell>
            <TableCell align="right">{t('sla.figures.breached')}</TableCell>
            <TableCell align="right">{t('sla.figures.hitRate')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} data-testid={`${testId}-row`}>
              <TableCell>{row.name}</TableCell>
              <TableCell align="right">{row.targets}</TableCell>
              <TableCell align="right" data-testid={`${testId}-breached`}>{row.breached}</TableCell>
              <TableCell align="right">{percent(row.hitRate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

// issue 40 point 3: the period's SLA hit rate and breaches, in all, by queue and by attendant, on
// the dashboard and the report screen; only on plans with automation, where policies exist.
export const SlaFiguresPanel = ({ query }: { query: DashboardQuery }) => {
  const { t } = useTranslation();
  const allowed = useSessionUser().company.plan.useAutomation;
  const figures = useSlaFigures(query, allowed);
  if (!allowed) return null;
  const data = figures.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="sla-figures">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('sla.figures.title')}
      </Typography>
      <ListStatus loading={figures.isPending} empty={data?.total.targets === 0} emptyText={t('sla.figures.empty')} />
      {data && data.total.targets > 0 && (
        <Stack spacing={2}>
          <Stack direction="row" spacing={4}>
            {(
              [
                ['hitRate', percent(data.total.hitRate)],
                ['targets', data.total.targets],
                ['metInTime', data.total.metInTime],
                ['breached', data.total.breached],
              ] as const
            ).map(([key, value]) => (
              <Box key={key}>
                <Typography variant="caption" color="text.secondary">
                  {t(`sla.figures.${key}`)}
                </Typography>
                <Typography variant="h5" data-testid={`sla-figures-${key}`}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <FiguresTable
              title={t('sla.figures.byQueue')}
              testId="sla-figures-queues"
              rows={data.byQueue.map((row) => ({ ...row, key: String(row.queueId), name: row.queueName ?? t('sla.figures.noQueue') }))}
            />
            <FiguresTable
              title={t('sla.figures.byUser')}
              testId="sla-figures-users"
              rows={data.byUser.map((row) => ({ ...row, key: String(row.userId), name: row.userName ?? t('sla.figures.nobody') }))}
            />
          </Stack>
        </Stack>
      )}
    </Paper>
  );
};
