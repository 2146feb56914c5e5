import { ticketStatuses, type TicketStatus } from '@atende/shared/tickets';
import { CONTACT_SEARCH_MIN_CHARS } from '../tickets/dialogs/new-contact-option.ts';
import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import { WITHOUT_QUEUE } from '@atende/shared/reports';
import { Autocomplete, Button, Checkbox, FormControlLabel, MenuItem, Paper, Stack, TextField } from '@mui/material';
import Grid from '@mui/material/Grid';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useConnectionOptions } from '../connections/use-connections.ts';
import { useContactSearch } from '../contact-records/use-contact-search.ts';
import { useMyQueues } from '../queues/use-queues.ts';
import { useUsersList } from '../users/use-users.ts';
import type { ReportFilter } from './reports-api.ts';

type Option = { id: number; label: string };

const MultiSelect = <T extends number | string>(props: { label: string; value: T[]; options: Array<{ value: T; label: string }>; onChange: (value: T[]) => void; testId: string }) => (
  <TextField
    select
    fullWidth
    size="small"
    label={props.label}
    value={props.value}
    data-testid={props.testId}
    onChange={(event) => {
      const picked: unknown = event.target.value;
      const values = Array.isArray(picked) ? picked : [];
      props.onChange(props.options.map((option) => option.value).filter((value) => values.includes(value)));
    }}
    slotProps={{ select: { multiple: true, renderValue: (selected) => props.options.filter((option) => (selected as T[]).includes(option.value)).map((option) => option.label).join(', ') } }}
  >
    {props.options.map((option) => (
      <MenuItem key={String(option.value)} value={option.value} data-testid={`${props.testId}-option`}>
        {option.label}
      </MenuItem>
    ))}
  </TextField>
);

// 03-saas §2 Tickets report filters: contact (from 3 characters, 500 ms), connections, statuses,
// users, queues with 'without queue' (value 0), dates, only rated, and the Filter button.
export const ReportFilters = ({ initial, onApply }: { initial: ReportFilter; onApply: (filter: ReportFilter) => void }) => {
  const { t } = useTranslation();
  const [filter, setFilter] = useState(initial);
  const [contact, setContact] = useState<Option | null>(null);
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const found = useContactSearch(search, CONTACT_SEARCH_MIN_CHARS);
  const { data: connections = [] } = useConnectionOptions();
  const { data: users = [] } = useUsersList();
  const queues = useMyQueues();
  useEffect(() => {
    if (queues.isError) toast.error(t('reports.filters.queuesError'));
  }, [queues.isError, t]);
  const contactOptions: Option[] = search.length >= CONTACT_SEARCH_MIN_CHARS ? (found.data?.contacts ?? []).map((row) => ({ id: row.id, label: row.name })) : [];
  const set = <K extends keyof ReportFilter>(key: K, value: ReportFilter[K]) => setFilter((current) => ({ ...current, [key]: value }));

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="report-filters">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Autocomplete
            size="small"
            options={contact && !contactOptions.some((option) => option.id === contact.id) ? [contact, ...contactOptions] : contactOptions}
            value={contact}
            onChange={(_, picked) => {
              setContact(picked);
              set('contactId', picked?.id ?? null);
            }}
            inputValue={input}
            onInputChange={(_, value) => setInput(value)}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            filterOptions={(options) => options}
            renderInput={(params) => <TextField {...params} label={t('reports.filters.contact')} data-testid="report-contact" />}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <MultiSelect label={t('reports.filters.connections')} value={filter.whatsappIds} options={connections.map((row) => ({ value: row.id, label: row.name }))} onChange={(value) => set('whatsappIds', value)} testId="report-connections" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <MultiSelect<TicketStatus>
            label={t('reports.filters.status')}
            value={filter.statuses}
            options={ticketStatuses.map((status) => ({ value: status, label: t(`reports.statuses.${status}`) }))}
            onChange={(value) => set('statuses', value)}
            testId="report-statuses"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <MultiSelect label={t('reports.filters.users')} value={filter.userIds} options={users.map((row) => ({ value: row.id, label: row.name }))} onChange={(value) => set('userIds', value)} testId="report-users" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <MultiSelect
            label={t('reports.filters.queues')}
            value={filter.queueIds}
            options={[{ value: WITHOUT_QUEUE, label: t('reports.filters.withoutQueue') }, ...(queues.data ?? []).map((row) => ({ value: row.id, label: row.name }))]}
            onChange={(value) => set('queueIds', value)}
            testId="report-queues"
          />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <TextField type="date" fullWidth size="small" label={t('reports.filters.dateFrom')} value={filter.dateFrom} onChange={(event) => set('dateFrom', event.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-date-from' } }} />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <TextField type="date" fullWidth size="small" label={t('reports.filters.dateTo')} value={filter.dateTo} onChange={(event) => set('dateTo', event.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-date-to' } }} />
        </Grid>
        <Grid size={12}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <FormControlLabel
              control={<Checkbox checked={filter.onlyRated} onChange={(event) => set('onlyRated', event.target.checked)} slotProps={{ input: { 'data-testid': 'report-only-rated' } as object }} />}
              label={t('reports.filters.onlyRated')}
            />
            <Button variant="contained" onClick={() => onApply(filter)} data-testid="report-apply">
              {t('reports.filters.apply')}
            </Button>
          </Stack>
        </Grid>
      </Grid>
    </Paper>
  );
};
