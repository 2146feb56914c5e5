import { ticketPriorities, ticketStatuses, type TicketPriority, type TicketStatus } from '@atende/shared/tickets';
import { Autocomplete, Chip, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useConnectionOptions } from '../../connections/use-connections.ts';
import { useTagsList } from '../../tags/use-tags.ts';
import { useUsersList } from '../../users/use-users.ts';

export type ExtraFilters = {
  tags: number[];
  users: number[];
  statusFilter: TicketStatus[];
  whatsapps: number[];
  priorities: TicketPriority[];
  sortByPriority: boolean;
};
export const noExtraFilters: ExtraFilters = { tags: [], users: [], statusFilter: [], whatsapps: [], priorities: [], sortByPriority: false };

type Option = { id: number; name: string; color?: string };

const MultiPick = ({ label, options, value, onChange, testId }: {
  label: string;
  options: Option[];
  value: number[];
  onChange: (ids: number[]) => void;
  testId: string;
}) => (
  <Autocomplete
    multiple
    size="small"
    options={options}
    value={options.filter((option) => value.includes(option.id))}
    getOptionLabel={(option) => option.name}
    isOptionEqualToValue={(a, b) => a.id === b.id}
    onChange={(_, picked) => onChange(picked.map((option) => option.id))}
    renderValue={(picked, getItemProps) =>
      picked.map((option, index) => {
        const { key, ...props } = getItemProps({ index });
        return <Chip key={key} size="small" label={option.name} sx={option.color ? { bgcolor: option.color, color: '#fff' } : undefined} {...props} />;
      })
    }
    renderInput={(params) => <TextField {...params} label={label} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }} />}
  />
);

// The filter toggle's fields (01-core §2): tags, users (admins only), statuses, connections; priorities
// and the most urgent first (issue 40 point 5).
export const TicketFiltersPanel = ({ value, onChange, showUsers }: { value: ExtraFilters; onChange: (next: ExtraFilters) => void; showUsers: boolean }) => {
  const { t } = useTranslation();
  const { data: tags = [] } = useTagsList();
  const { data: users = [] } = useUsersList(showUsers);
  const { data: connections = [] } = useConnectionOptions();
  const statusOptions = ticketStatuses.map((status, index) => ({ id: index, name: t(`tickets.status.${status}`) }));
  const priorityOptions = ticketPriorities.map((priority, index) => ({ id: index, name: t(`tickets.priority.${priority}`) }));
  return (
    <Stack spacing={1} sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid="tickets-filters">
      <MultiPick label={t('tickets.filters.tags')} options={tags} value={value.tags} onChange={(tags) => onChange({ ...value, tags })} testId="filter-tags" />
      {showUsers && (
        <MultiPick label={t('tickets.filters.users')} options={users} value={value.users} onChange={(users) => onChange({ ...value, users })} testId="filter-users" />
      )}
      <MultiPick
        label={t('tickets.filters.statuses')}
        options={statusOptions}
        value={value.statusFilter.map((status) => ticketStatuses.indexOf(status))}
        onChange={(ids) => onChange({ ...value, statusFilter: ids.map((id) => ticketStatuses[id]) })}
        testId="filter-statuses"
      />
      <MultiPick
        label={t('tickets.filters.connections')}
        options={connections}
        value={value.whatsapps}
        onChange={(whatsapps) => onChange({ ...value, whatsapps })}
        testId="filter-connections"
      />
      <MultiPick
        label={t('tickets.filters.priorities')}
        options={priorityOptions}
        value={value.priorities.map((priority) => ticketPriorities.indexOf(priority))}
        onChange={(ids) => onChange({ ...value, priorities: ids.map((id) => ticketPriorities[id]) })}
        testId="filter-priorities"
      />
      <FormControlLabel
        control={
          <Switch
            size="small"
            checked={value.sortByPriority}
            onChange={(event) => onChange({ ...value, sortByPriority: event.target.checked })}
            data-testid="filter-sort-priority"
          />
        }
        label={t('tickets.filters.sortByPriority')}
      />
    </Stack>
  );
};
