import { newConnectionToken } from '@atende/shared/connections';
import type { QueueView } from '@atende/shared/queues';
import { ContentCopy, Refresh } from '@mui/icons-material';
import { FormControlLabel, Grid, IconButton, InputAdornment, Switch, TextField, Tooltip } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueueMultiSelect } from '../../components/queue-multi-select.tsx';
import { toast } from '../../lib/toast.ts';
import { useFieldError } from '../../components/field-errors.ts';
import type { ConnectionFormValues } from './connection-form-values.ts';
import { useConnectionTextField } from './use-connection-text-field.ts';

type GeneralTabProps = {
  form: UseFormReturn<ConnectionFormValues>;
  queues: QueueView[];
  token: string;
  tokenChanged: boolean;
  onTokenChange: (token: string) => void;
};

// Name, default flag, queues, groups as tickets and the external API token (02-operations §3).
export const ConnectionGeneralTab = ({ form, queues, token, tokenChanged, onTokenChange }: GeneralTabProps) => {
  const { t } = useTranslation();
  const text = useConnectionTextField(form);
  const fieldError = useFieldError();
  const { control, formState } = form;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      toast.success(t('connections.token.copied'));
    } catch {
      toast.error(t('errors.generic'));
    }
  };

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 8 }}>
        <TextField {...text('name', 'connection-name')} label={t('connections.fields.name')} fullWidth autoFocus />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Controller
          control={control}
          name="isDefault"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} data-testid="connection-default" />}
              label={t('connections.fields.isDefault')}
            />
          )}
        />
      </Grid>
      <Grid size={12}>
        <Controller
          control={control}
          name="queueIds"
          render={({ field }) => (
            <QueueMultiSelect
              queues={queues}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              label={t('connections.fields.queues')}
              error={fieldError(formState.errors.queueIds as never)}
              testId="connection-queues"
            />
          )}
        />
      </Grid>
      <Grid size={12}>
        <Controller
          control={control}
          name="groupAsTicket"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value === 'enabled'}
                  onChange={(event) => field.onChange(event.target.checked ? 'enabled' : 'disabled')}
                  data-testid="connection-group-as-ticket"
                />
              }
              label={t('connections.fields.groupAsTicket')}
            />
          )}
        />
      </Grid>
      <Grid size={12}>
        <TextField
          label={t('connections.fields.token')}
          value={token}
          fullWidth
          helperText={tokenChanged ? t('connections.token.savedOnSubmit') : undefined}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'connection-token' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t('connections.token.copy')}>
                    <span>
                      <IconButton onClick={() => void copy()} disabled={!token} aria-label={t('connections.token.copy')} data-testid="connection-token-copy">
                        <ContentCopy fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('connections.token.regenerate')}>
                    <IconButton onClick={() => onTokenChange(newConnectionToken())} aria-label={t('connections.token.regenerate')} data-testid="connection-token-regenerate">
                      <Refresh fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      </Grid>
    </Grid>
  );
};
