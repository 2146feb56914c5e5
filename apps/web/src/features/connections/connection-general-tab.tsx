import { newConnectionToken } from '@atende/shared/connections';
import type { QueueView } from '@atende/shared/queues';
import { ContentCopy, Refresh } from '@mui/icons-material';
import { FormControlLabel, Grid, IconButton, InputAdornment, Switch, TextField, Tooltip } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EnabledSwitchField } from '../../components/enabled-switch-field.tsx';
import { QueueMultiSelectField } from '../../components/queue-multi-select-field.tsx';
import { toast } from '../../lib/toast.ts';
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
  const { control } = form;

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
        <QueueMultiSelectField control={control} name="queueIds" queues={queues} label={t('connections.fields.queues')} testId="connection-queues" />
      </Grid>
      <Grid size={12}>
        <EnabledSwitchField control={control} name="groupAsTicket" label={t('connections.fields.groupAsTicket')} testId="connection-group-as-ticket" />
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
