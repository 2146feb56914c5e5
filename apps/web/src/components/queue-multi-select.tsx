// A multi-select of queues shown as coloured chips (users' and connections' queues).
import type { QueueSummary } from '@atende/shared/users';
import { Box, Chip, MenuItem, TextField } from '@mui/material';

type Props = {
  queues: QueueSummary[];
  value: number[];
  onChange: (queueIds: number[]) => void;
  onBlur?: () => void;
  label: string;
  error?: string;
  testId: string;
};

export const QueueMultiSelect = ({ queues, value, onChange, onBlur, label, error, testId }: Props) => {
  const byId = new Map(queues.map((queue) => [queue.id, queue]));
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      onChange={(event) => {
        const selected: unknown = event.target.value;
        onChange(Array.isArray(selected) ? selected.map(Number) : []);
      }}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error}
      data-testid={testId}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {(selected as number[]).map((id) => {
                const queue = byId.get(id);
                return <Chip key={id} size="small" label={queue?.name ?? id} sx={{ bgcolor: queue?.color || 'grey.500', color: '#fff' }} />;
              })}
            </Box>
          ),
        },
      }}
    >
      {queues.map((queue) => (
        <MenuItem key={queue.id} value={queue.id} data-testid={`${testId}-option-${queue.id}`}>
          {queue.name}
        </MenuItem>
      ))}
    </TextField>
  );
};
