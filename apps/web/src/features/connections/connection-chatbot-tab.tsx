import type { QueueView } from '@atende/shared/queues';
import { Grid, MenuItem, TextField } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../components/field-errors.ts';
import type { ConnectionFormValues } from './connection-form-values.ts';
import { useConnectionTextField } from './use-connection-text-field.ts';

type MinutesField = 'maxUseBotQueues' | 'timeUseBotQueues' | 'timeSendQueue' | 'timeCreateNewTicket' | 'expiresTicket' | 'timeInactiveMessage';

// Bot limits, redirect to another queue, new-ticket window and closing of inactive tickets (02-operations §3).
export const ConnectionChatbotTab = ({ form, queues }: { form: UseFormReturn<ConnectionFormValues>; queues: QueueView[] }) => {
  const { t } = useTranslation();
  const text = useConnectionTextField(form);
  const fieldError = useFieldError();
  const { errors } = form.formState;
  const number = (name: MinutesField, testId: string) => {
    const props = text(name, testId);
    return { ...props, type: 'number', label: t(`connections.fields.${name}`), fullWidth: true, slotProps: { htmlInput: { ...props.slotProps.htmlInput, min: 0 } } };
  };
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...number('maxUseBotQueues', 'connection-max-bot')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...number('timeUseBotQueues', 'connection-time-bot')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...number('timeSendQueue', 'connection-time-send-queue')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={form.control}
          name="sendIdQueue"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              label={t('connections.fields.sendIdQueue')}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value === '' ? '' : Number(event.target.value))}
              error={Boolean(errors.sendIdQueue)}
              helperText={fieldError(errors.sendIdQueue)}
              data-testid="connection-send-queue"
            >
              <MenuItem value="">
                <em>{t('connections.fields.noQueue')}</em>
              </MenuItem>
              {queues.map((queue) => (
                <MenuItem key={queue.id} value={queue.id} data-testid={`connection-send-queue-option-${queue.id}`}>
                  {queue.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...number('timeCreateNewTicket', 'connection-time-new-ticket')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...number('expiresTicket', 'connection-expires-ticket')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={form.control}
          name="whenExpiresTicket"
          render={({ field }) => (
            <TextField select fullWidth label={t('connections.fields.whenExpiresTicket')} {...field} data-testid="connection-when-expires">
              <MenuItem value="0">{t('connections.whenExpires.attendant')}</MenuItem>
              <MenuItem value="1">{t('connections.whenExpires.customer')}</MenuItem>
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...number('timeInactiveMessage', 'connection-time-inactive')} />
      </Grid>
      <Grid size={12}>
        <TextField {...text('expiresInactiveMessage', 'connection-expires-message')} label={t('connections.fields.expiresInactiveMessage')} fullWidth multiline minRows={2} />
      </Grid>
      <Grid size={12}>
        <TextField {...text('inactiveMessage', 'connection-inactive-message')} label={t('connections.fields.inactiveMessage')} fullWidth multiline minRows={2} />
      </Grid>
    </Grid>
  );
};
