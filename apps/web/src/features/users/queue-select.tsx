import type { QueueSummary } from '@atende/shared/users';
import { Box, Chip, MenuItem, TextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserFormValues } from './user-form-values.ts';

export const QueueSelect = ({ queues }: { queues: QueueSummary[] }) => {
  const { t } = useTranslation();
  const { control } = useFormContext<UserFormValues>();
  const byId = new Map(queues.map((queue) => [queue.id, queue]));
  return (
    <Controller
      control={control}
      name="queueIds"
      render={({ field }) => (
        <TextField
          select
          fullWidth
          label={t('users.fields.queues')}
          value={field.value}
          onChange={(event) => {
            const value: unknown = event.target.value;
            field.onChange(Array.isArray(value) ? value.map(Number) : []);
          }}
          onBlur={field.onBlur}
          data-testid="user-queues"
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) => (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {(selected as number[]).map((id) => {
                    const queue = byId.get(id);
                    return (
                      <Chip
                        key={id}
                        size="small"
                        label={queue?.name ?? id}
                        sx={{ bgcolor: queue?.color || 'grey.500', color: '#fff' }}
                      />
                    );
                  })}
                </Box>
              ),
            },
          }}
        >
          {queues.map((queue) => (
            <MenuItem key={queue.id} value={queue.id} data-testid={`user-queue-option-${queue.id}`}>
              {queue.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
};
