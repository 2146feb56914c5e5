import type { DayPeriod } from '@atende/shared/dashboard';
import { Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { dashboardApi, dashboardQueryKeys } from './dashboard-api.ts';

const ChartFrame = ({ title, total, testId, children }: { title: string; total: number; testId: string; children: React.ReactElement }) => (
  <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
    <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="subtitle1" data-testid={`${testId}-total`}>
        {total}
      </Typography>
    </Stack>
    <ResponsiveContainer width="100%" height={280}>
      {children}
    </ResponsiveContainer>
  </Paper>
);

// 01-core §7 /dashboard/ticketsUsers and /dashboard/ticketsDay: a single day is charted per hour.
export const TicketsCharts = ({ period }: { period: DayPeriod }) => {
  const { t } = useTranslation();
  const perUser = useQuery({ queryKey: dashboardQueryKeys.ticketsUsers(period), queryFn: () => dashboardApi.ticketsUsers(period) });
  const perDay = useQuery({ queryKey: dashboardQueryKeys.ticketsDay(period), queryFn: () => dashboardApi.ticketsDay(period) });
  const failed = perUser.isError || perDay.isError;
  useEffect(() => {
    // 01-core §8: the charts' failure message
    if (failed) toast.error(t('dashboard.charts.loadError'));
  }, [failed, t]);
  const days = (perDay.data?.data ?? []).map((point) => ({ label: point.horario ? `${point.horario}h` : formatDay(point.data), total: point.total }));
  return (
    <Stack spacing={2}>
      <ChartFrame title={t('dashboard.charts.perUser')} total={perUser.data?.count ?? 0} testId="chart-users">
        <BarChart data={perUser.data?.data ?? []}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="nome" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="quantidade" name={t('dashboard.charts.tickets')} fill="#2196f3" />
        </BarChart>
      </ChartFrame>
      <ChartFrame title={t(period.from === period.to ? 'dashboard.charts.perHour' : 'dashboard.charts.perDay')} total={perDay.data?.count ?? 0} testId="chart-days">
        <BarChart data={days}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="total" name={t('dashboard.charts.tickets')} fill="#4caf50" />
        </BarChart>
      </ChartFrame>
    </Stack>
  );
};
