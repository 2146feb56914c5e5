import type { QueueSummary } from '@atende/shared/users';
import { Box, Chip, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

type QueueFilterProps = { queues: QueueSummary[]; value: number[]; onChange: (ids: number[]) => void };

// 01-core §9: at most 2 queue chips, then '+N'.
export const QueueFilter = ({ queues, value, onChange }: QueueFilterProps) => {
  const { t } = useTranslation();
  const byId = new Map(queues.map((queue) => [queue.id, queue]));
  return (
    <TextField
      select
      size="small"
      label={t('tickets.list.queues')}
      value={value}
      sx={{ minWidth: 140, flex: 1 }}
      onChange={(event) => {
        const next: unknown = event.target.value;
        onChange(Array.isArray(next) ? next.map(Number) : []);
      }}
      data-testid="tickets-queue-filter"
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const ids = selected as number[];
            if (ids.length === 0) return <em>{t('tickets.list.allQueues')}</em>;
            return (
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap', overflow: 'hidden' }}>
                {ids.slice(0, 2).map((id) => (
                  <Chip key={id} size="small" label={byId.get(id)?.name ?? id} sx={{ height: 20, bgcolor: byId.get(id)?.color || 'grey.500', color: '#fff' }} />
                ))}
                {ids.length > 2 && <Chip size="small" label={`+${ids.length - 2}`} sx={{ height: 20 }} />}
              </Box>
            );
          },
        },
        inputLabel: { shrink: true },
      }}
    >
      {queues.map((queue) => (
        <MenuItem key={queue.id} value={queue.id} data-testid={`tickets-queue-option-${queue.id}`}>
          {queue.name}
        </MenuItem>
      ))}
    </TextField>
  );
};
