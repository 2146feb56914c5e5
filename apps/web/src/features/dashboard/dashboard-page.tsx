import { currentMonthPeriod, lastDaysPeriod, type DashboardAnswer, type DayPeriod } from '@atende/shared/dashboard';
import { can } from '@atende/shared/permissions';
import { FilterList } from '@mui/icons-material';
import { Button, IconButton, MenuItem, Paper, Stack, Tab, Tabs, TextField, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStatus } from '../../components/list-status.tsx';
import { SlaFiguresPanel } from '../../components/sla-figures/sla-figures-panel.tsx';
import { toast } from '../../lib/toast.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { AccessDeniedPage } from './access-denied-page.tsx';
import { AttendantsTable } from './attendants-table.tsx';
import { CounterCards } from './counter-cards.tsx';
import { dashboardApi, dashboardParams, dashboardQueryKeys, type DashboardFilter } from './dashboard-api.ts';
import { OnboardingChecklist } from './onboarding-checklist.tsx';
import { TicketsCharts } from './tickets-charts.tsx';

const DAY_CHOICES = [1, 3, 7, 15, 30, 60, 90];

type FilterForm = { kind: 'dates' | 'days'; from: string; to: string; days: number | '' };

const periodOf = (filter: DashboardFilter): DayPeriod => ('days' in filter ? lastDaysPeriod(new Date(), filter.days) : filter);

// 01-core §5: with no date filter or days, 'Parametrize o filtro'.
const filterOf = (form: FilterForm): DashboardFilter | null => {
  if (form.kind === 'days') return form.days === '' ? null : { days: form.days };
  return form.from && form.to ? { from: form.from, to: form.to } : null;
};

// 01-core §2 Dashboard: counters and attendants, and the charts, for a period (§9: the current
// month through today by default). A plain user without showDashboard gets the 403 page.
export const DashboardPage = () => {
  const user = useSessionUser();
  return can(user, 'dashboard:view') ? <Dashboard /> : <AccessDeniedPage />;
};

const Dashboard = () => {
  const { t } = useTranslation();
  const user = useSessionUser();
  // issue 35 point 13: for the admins who set the company up, until they dismiss it
  const showChecklist = can(user, 'settings:manage') && user.company.settings.onboardingChecklist !== 'disabled';
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<'indicators' | 'charts'>('indicators');
  const [showFilters, setShowFilters] = useState(true);
  const [form, setForm] = useState<FilterForm>(() => ({ kind: 'dates', ...currentMonthPeriod(new Date()), days: '' }));
  const [filter, setFilter] = useState<DashboardFilter>(() => currentMonthPeriod(new Date()));
  const summary = useQuery({ queryKey: dashboardQueryKeys.summary(filter), queryFn: () => dashboardApi.summary(filter) });

  // the attendants' online status follows company-{id}-user
  useCompanyEvent('user', (payload) => {
    if (payload.action === 'delete') return;
    queryClient.setQueriesData<DashboardAnswer>({ queryKey: dashboardQueryKeys.summaries }, (answer) =>
      answer && {
        ...answer,
        attendants: answer.attendants.map((row) => (row.id === payload.user.id ? { ...row, name: payload.user.name, online: payload.user.online } : row)),
      },
    );
  });

  const apply = () => {
    const next = filterOf(form);
    if (!next) {
      toast.error(t('dashboard.filters.required'));
      return;
    }
    setFilter(next);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('dashboard.title')}
        </Typography>
        <Tooltip title={t('dashboard.filters.toggle')}>
          <IconButton onClick={() => setShowFilters((shown) => !shown)} data-testid="dashboard-toggle-filters">
            <FilterList />
          </IconButton>
        </Tooltip>
      </Stack>
      {showChecklist && <OnboardingChecklist />}
      {showFilters && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="dashboard-filters">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              select
              size="small"
              label={t('dashboard.filters.kind')}
              value={form.kind}
              onChange={(event) => setForm({ ...form, kind: event.target.value === 'days' ? 'days' : 'dates' })}
              sx={{ minWidth: 180 }}
              data-testid="dashboard-filter-kind"
            >
              <MenuItem value="dates">{t('dashboard.filters.byDates')}</MenuItem>
              <MenuItem value="days">{t('dashboard.filters.byDays')}</MenuItem>
            </TextField>
            {form.kind === 'dates' ? (
              <>
                <TextField
                  type="date"
                  size="small"
                  label={t('dashboard.filters.from')}
                  value={form.from}
                  onChange={(event) => setForm({ ...form, from: event.target.value })}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'dashboard-date-from' } }}
                />
                <TextField
                  type="date"
                  size="small"
                  label={t('dashboard.filters.to')}
                  value={form.to}
                  onChange={(event) => setForm({ ...form, to: event.target.value })}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'dashboard-date-to' } }}
                />
              </>
            ) : (
              <TextField
                select
                size="small"
                label={t('dashboard.filters.days')}
                value={form.days}
                onChange={(event) => setForm({ ...form, days: event.target.value === '' ? '' : Number(event.target.value) })}
                sx={{ minWidth: 160 }}
                data-testid="dashboard-days"
              >
                <MenuItem value="">{t('dashboard.filters.none')}</MenuItem>
                {DAY_CHOICES.map((days) => (
                  <MenuItem key={days} value={days}>
                    {t('dashboard.filters.lastDays', { count: days })}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Button variant="contained" onClick={apply} data-testid="dashboard-apply">
              {t('dashboard.filters.apply')}
            </Button>
          </Stack>
        </Paper>
      )}
      <Tabs value={tab} onChange={(_, value: 'indicators' | 'charts') => setTab(value)}>
        <Tab value="indicators" label={t('dashboard.tabs.indicators')} data-testid="dashboard-tab-indicators" />
        <Tab value="charts" label={t('dashboard.tabs.charts')} data-testid="dashboard-tab-charts" />
      </Tabs>
      {tab === 'indicators' && (
        <>
          <ListStatus loading={summary.isPending} empty={false} emptyText="" />
          {summary.data && (
            <Stack spacing={2}>
              <CounterCards values={summary.data.counters} />
              <AttendantsTable rows={summary.data.attendants} />
              <SlaFiguresPanel query={dashboardParams(filter)} />
            </Stack>
          )}
        </>
      )}
      {tab === 'charts' && <TicketsCharts period={periodOf(filter)} />}
    </Stack>
  );
};
