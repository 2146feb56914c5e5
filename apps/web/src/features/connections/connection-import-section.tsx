import { importDateBounds } from '@atende/shared/connections';
import type { QueueView } from '@atende/shared/queues';
import { Alert, Divider, FormControlLabel, Grid, MenuItem, Switch, TextField } from '@mui/material';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../components/field-errors.ts';
import type { ConnectionFormValues } from './connection-form-values.ts';
import { useConnectionTextField } from './use-connection-text-field.ts';

type ImportSectionProps = { form: UseFormReturn<ConnectionFormValues>; queues: QueueView[] };

type ImportSwitch = 'enableImportMessage' | 'importOldMessagesGroups' | 'closedTicketsPostImported';

// Message import settings of a WhatsApp connection (02-operations §3, §5 Import dates): the pickers
// carry the same bounds the shared schema checks on save.
export const ConnectionImportSection = ({ form, queues }: ImportSectionProps) => {
  const { t } = useTranslation();
  const text = useConnectionTextField(form);
  const fieldError = useFieldError();
  const { errors } = form.formState;
  const [enabled, oldDay] = useWatch({ control: form.control, name: ['enableImportMessage', 'importOldMessages'] });
  const { oldest, today } = importDateBounds();

  const dateField = (name: 'importOldMessages' | 'importRecentMessages', testId: string, min: string) => {
    const props = text(name, testId);
    return { ...props, type: 'date', slotProps: { inputLabel: { shrink: true }, htmlInput: { ...props.slotProps.htmlInput, min, max: today } } };
  };

  const toggle = (name: ImportSwitch, testId: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} data-testid={testId} />}
          label={t(`connections.fields.${name}`)}
        />
      )}
    />
  );

  return (
    <Grid container spacing={2} sx={{ mt: 2 }} data-testid="connection-import-section">
      <Grid size={12}>
        <Divider />
      </Grid>
      <Grid size={12}>{toggle('enableImportMessage', 'connection-import-enabled')}</Grid>
      {enabled && (
        <>
          <Grid size={12}>
            <Alert severity="warning" data-testid="connection-import-warning">
              {t('connections.fields.importWarning')}
            </Alert>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...dateField('importOldMessages', 'connection-import-old', oldest)} label={t('connections.fields.importOldMessages')} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...dateField('importRecentMessages', 'connection-import-recent', oldDay || oldest)}
              label={t('connections.fields.importRecentMessages')}
              fullWidth
            />
          </Grid>
          <Grid size={12}>
            <Controller
              control={form.control}
              name="queueIdImportMessages"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  required
                  label={t('connections.fields.queueIdImportMessages')}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value === '' ? '' : Number(event.target.value))}
                  error={Boolean(errors.queueIdImportMessages)}
                  helperText={fieldError(errors.queueIdImportMessages)}
                  data-testid="connection-import-queue"
                >
                  <MenuItem value="">
                    <em>{t('connections.fields.noQueue')}</em>
                  </MenuItem>
                  {queues.map((queue) => (
                    <MenuItem key={queue.id} value={queue.id} data-testid={`connection-import-queue-option-${queue.id}`}>
                      {queue.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{toggle('importOldMessagesGroups', 'connection-import-groups')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{toggle('closedTicketsPostImported', 'connection-import-close-tickets')}</Grid>
        </>
      )}
    </Grid>
  );
};
