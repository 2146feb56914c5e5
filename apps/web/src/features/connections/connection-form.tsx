import { zodResolver } from '@hookform/resolvers/zod';
import {
  connectionCreateBody, connectionUpdateBody, newConnectionToken, type ConnectionChannel, type ConnectionCreateBody, type ConnectionView,
} from '@atende/shared/connections';
import type { QueueView } from '@atende/shared/queues';
import { ContentCopy, Refresh } from '@mui/icons-material';
import {
  Box, Button, DialogActions, DialogContent, FormControlLabel, Grid, IconButton, InputAdornment, Switch, Tab, Tabs,
  TextField, Tooltip,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueueMultiSelect } from '../../components/queue-multi-select.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { queuesApi, queuesQueryKeys } from '../queues/queues-api.ts';
import { useFieldError } from '../users/use-field-error.ts';
import { connectionsApi, upsertConnectionInCache } from './connections-api.ts';

export type ConnectionFormValues = {
  name: string;
  isDefault: boolean;
  queueIds: number[];
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
};

// raw: the shared schemas only judge the form's values (the update schema has no channel).
const createResolver = zodResolver(connectionCreateBody, undefined, { raw: true }) as unknown as Resolver<ConnectionFormValues>;
const updateResolver = zodResolver(connectionUpdateBody, undefined, { raw: true }) as unknown as Resolver<ConnectionFormValues>;

const toValues = (connection: ConnectionView | null): ConnectionFormValues => ({
  name: connection?.name ?? '',
  isDefault: connection?.isDefault ?? false,
  queueIds: connection?.queues.map((queue) => queue.id) ?? [],
  greetingMessage: connection?.greetingMessage ?? '',
  complationMessage: connection?.complationMessage ?? '',
  outOfHoursMessage: connection?.outOfHoursMessage ?? '',
});

type ConnectionFormProps = { connection: ConnectionView | null; channel: ConnectionChannel; onClose: () => void };

export const ConnectionForm = ({ connection, channel, onClose }: ConnectionFormProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const queryClient = useQueryClient();
  const queues = useQuery({ queryKey: queuesQueryKeys.list, queryFn: queuesApi.list }).data ?? [];
  const [token, setToken] = useState(connection?.token ?? '');
  const form = useForm<ConnectionFormValues>({ defaultValues: toValues(connection), resolver: connection ? updateResolver : createResolver });
  const { register, control, formState } = form;
  const { errors } = formState;
  const text = (name: 'name' | 'greetingMessage' | 'complationMessage' | 'outOfHoursMessage', testId: string) => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), slotProps: { htmlInput: { 'data-testid': testId } } };
  };
  const tokenChanged = token !== (connection?.token ?? '') && token !== '';

  const submit = form.handleSubmit(async (values) => {
    try {
      const extra = tokenChanged ? { token } : {};
      const saved = connection
        ? await connectionsApi.update(connection.id, { ...values, ...extra })
        : await connectionsApi.create({ ...values, ...extra, channel } satisfies ConnectionCreateBody);
      upsertConnectionInCache(queryClient, saved);
      toast.success(t('connections.toasts.saved'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.body?.fields?.length) {
        for (const issue of error.body.fields) {
          form.setError(issue.path.replace(/^body\./, '') as Path<ConnectionFormValues>, { message: issue.message });
        }
      }
      toastError(error);
    }
  });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      toast.success(t('connections.token.copied'));
    } catch {
      toast.error(t('errors.generic'));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="connection-form" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Tabs value="general" sx={{ px: 3 }}>
        <Tab value="general" label={t('connections.tabs.general')} data-testid="connection-tab-general" />
      </Tabs>
      <DialogContent dividers>
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
            <ConnectionQueueSelect control={control} queues={queues} error={fieldError(errors.queueIds as never)} />
          </Grid>
          <Grid size={12}>
            <TextField {...text('greetingMessage', 'connection-greeting')} label={t('connections.fields.greetingMessage')} fullWidth multiline minRows={2} />
          </Grid>
          <Grid size={12}>
            <TextField {...text('complationMessage', 'connection-completion')} label={t('connections.fields.complationMessage')} fullWidth multiline minRows={2} />
          </Grid>
          <Grid size={12}>
            <TextField {...text('outOfHoursMessage', 'connection-out-of-hours')} label={t('connections.fields.outOfHoursMessage')} fullWidth multiline minRows={2} />
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
                        <IconButton onClick={() => setToken(newConnectionToken())} aria-label={t('connections.token.regenerate')} data-testid="connection-token-regenerate">
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
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit" data-testid="connection-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting} data-testid="connection-save">
          {connection ? t('common.save') : t('common.add')}
        </Button>
      </DialogActions>
    </Box>
  );
};

type QueueSelectProps = {
  control: ReturnType<typeof useForm<ConnectionFormValues>>['control'];
  queues: QueueView[];
  error: string | undefined;
};

const ConnectionQueueSelect = ({ control, queues, error }: QueueSelectProps) => {
  const { t } = useTranslation();
  return (
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
          error={error}
          testId="connection-queues"
        />
      )}
    />
  );
};
