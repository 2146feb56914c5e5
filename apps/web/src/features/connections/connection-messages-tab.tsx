import type { ConnectionView } from '@atende/shared/connections';
import { Grid, TextField } from '@mui/material';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionFormValues } from './connection-form-values.ts';
import { ConnectionMessageField } from './connection-message-field.tsx';
import { GreetingMediaField } from './greeting-media-field.tsx';
import { useConnectionTextField } from './use-connection-text-field.ts';

// 02-operations §5: vacation dates may go back at most 10 days.
const tenDaysAgo = () => new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);

type MessagesTabProps = { form: UseFormReturn<ConnectionFormValues>; connection: ConnectionView | null };

export const ConnectionMessagesTab = ({ form, connection }: MessagesTabProps) => {
  const { t } = useTranslation();
  const text = useConnectionTextField(form);
  const dateField = (name: 'collectiveVacationStart' | 'collectiveVacationEnd', testId: string) => {
    const props = text(name, testId);
    return { ...props, type: 'date', slotProps: { inputLabel: { shrink: true }, htmlInput: { ...props.slotProps.htmlInput, min: tenDaysAgo() } } };
  };
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <ConnectionMessageField form={form} name="greetingMessage" testId="connection-greeting" label={t('connections.fields.greetingMessage')} />
      </Grid>
      <Grid size={12}>
        <GreetingMediaField connection={connection} />
      </Grid>
      <Grid size={12}>
        <ConnectionMessageField form={form} name="complationMessage" testId="connection-completion" label={t('connections.fields.complationMessage')} />
      </Grid>
      <Grid size={12}>
        <ConnectionMessageField form={form} name="outOfHoursMessage" testId="connection-out-of-hours" label={t('connections.fields.outOfHoursMessage')} />
      </Grid>
      <Grid size={12}>
        <ConnectionMessageField form={form} name="collectiveVacationMessage" testId="connection-vacation-message" label={t('connections.fields.collectiveVacationMessage')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...dateField('collectiveVacationStart', 'connection-vacation-start')} label={t('connections.fields.collectiveVacationStart')} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...dateField('collectiveVacationEnd', 'connection-vacation-end')} label={t('connections.fields.collectiveVacationEnd')} fullWidth />
      </Grid>
    </Grid>
  );
};
