import { NPS_SCALE_LINE } from '@atende/shared/ratings';
import { Alert, Grid, TextField } from '@mui/material';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionFormValues } from './connection-form-values.ts';
import { ConnectionMessageField } from './connection-message-field.tsx';
import { useConnectionTextField } from './use-connection-text-field.ts';

// Evaluations (02-operations §3, §5): with the company's userRating on, the message and the
// answer window are required.
export const ConnectionNpsTab = ({ form, ratingsOn }: { form: UseFormReturn<ConnectionFormValues>; ratingsOn: boolean }) => {
  const { t } = useTranslation();
  const text = useConnectionTextField(form);
  const number = (name: 'expiresTicketNPS' | 'maxUseBotQueuesNPS', testId: string) => {
    const props = text(name, testId);
    return { ...props, type: 'number', label: t(`connections.fields.${name}`), fullWidth: true, slotProps: { htmlInput: { ...props.slotProps.htmlInput, min: 0 } } };
  };
  return (
    <Grid container spacing={2}>
      {!ratingsOn && (
        <Grid size={12}>
          <Alert severity="info" data-testid="connection-nps-off">
            {t('connections.npsOff')}
          </Alert>
        </Grid>
      )}
      <Grid size={12}>
        <ConnectionMessageField
          form={form}
          name="ratingMessage"
          testId="connection-rating-message"
          label={t('connections.fields.ratingMessage')}
          // the question goes out with the scale line the product counts (issue 35 point 7)
          helperText={t('connections.fields.ratingScaleHelp', { line: NPS_SCALE_LINE })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...number('expiresTicketNPS', 'connection-expires-nps')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...number('maxUseBotQueuesNPS', 'connection-max-nps')} />
      </Grid>
    </Grid>
  );
};
