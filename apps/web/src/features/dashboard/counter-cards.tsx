import type { DashboardCounters } from '@atende/shared/dashboard';
import { Paper, Stack, Typography } from '@mui/material';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { formatMinutes, formatPercent } from './dashboard-format.ts';

type Counter = { key: keyof DashboardCounters; format?: (value: number) => string };

// 01-core §3 Dashboard counters, in the order a manager reads them.
const counters: Counter[] = [
  { key: 'supportHappening' },
  { key: 'supportPending' },
  { key: 'supportFinished' },
  { key: 'supportGroups' },
  { key: 'leads' },
  { key: 'tickets' },
  { key: 'activeTickets' },
  { key: 'passiveTickets' },
  { key: 'avgSupportTime', format: formatMinutes },
  { key: 'avgWaitTime', format: formatMinutes },
  { key: 'waitRating' },
  { key: 'withoutRating' },
  { key: 'withRating' },
  { key: 'percRating', format: formatPercent },
  { key: 'npsScore', format: (value) => value.toFixed(value % 1 ? 2 : 0) },
  { key: 'npsPromotersPerc', format: formatPercent },
  { key: 'npsPassivePerc', format: formatPercent },
  { key: 'npsDetractorsPerc', format: formatPercent },
];

export const CounterCards = ({ values }: { values: DashboardCounters }) => {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <Grid container spacing={2}>
        {counters.map(({ key, format }) => (
          <Grid key={key} size={{ xs: 6, sm: 4, md: 3, lg: 2 }}>
            <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={`counter-${key}`}>
              <Stack spacing={0.5}>
                <Typography variant="body2" color="text.secondary">
                  {t(`dashboard.counters.${key}`)}
                </Typography>
                <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={`counter-${key}-value`}>
                  {format ? format(values[key]) : values[key]}
                </Typography>
              </Stack>
            </Paper>
          </Grid>
        ))}
      </Grid>
      {/* the NPS cards count answers on 0..10; say so where the score is read (issue 35 point 7) */}
      <Typography variant="caption" color="text.secondary" data-testid="dashboard-nps-help">
        {t('dashboard.npsHelp')}
      </Typography>
    </Stack>
  );
};
