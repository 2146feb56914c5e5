import { queueAssignmentModes, queueBody, rotationMinutes, type QueueView } from '@atende/shared/queues';
import { Alert, Box, DialogContent, FormControlLabel, Grid, MenuItem, Stack, Switch, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ColorSwatchInput } from '../../components/color-swatch-input.tsx';
import { PlaceholderTextField } from '../../components/placeholder-text-field.tsx';
import { QueueLinkSelects } from './queue-link-selects.tsx';
import { ServiceHoursField } from '../../components/service-hours-field.tsx';
import { toastError } from '../../lib/error-message.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { ChatbotOptions } from './chatbot-options.tsx';
import { toQueueFormValues, type QueueFormValues } from './queue-form-values.ts';
import { useSaveQueue } from './use-queues.ts';
import { rawSchemaResolver } from '../../lib/form-resolver.ts';

const resolver = rawSchemaResolver<QueueFormValues>(queueBody);

type QueueFormProps = { queue: QueueView | null; onCreated: (id: number) => void; onClose: () => void };

export const QueueForm = ({ queue, onCreated, onClose }: QueueFormProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const actor = useSessionUser();
  const withSchedules = actor.company.settings.scheduleType === 'queue';
  const [tab, setTab] = useState<'data' | 'hours'>('data');
  const form = useForm<QueueFormValues>({
    defaultValues: toQueueFormValues(queue, (weekday) => t(`queues.weekdays.${weekday}`)),
    resolver,
  });
  const { register, control, watch, formState } = form;
  const { errors } = formState;
  const text = (name: 'name' | 'color' | 'greetingMessage' | 'outOfHoursMessage', testId: string) => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), slotProps: { htmlInput: { 'data-testid': testId } } };
  };
  const color = watch('color');
  // chatbot options typed but not saved: the queue's save stops and says so instead of losing them
  const [unsavedOptions, setUnsavedOptions] = useState(0);
  const [warnUnsaved, setWarnUnsaved] = useState(false);

  const save = useSaveQueue(queue, withSchedules);
  const saved = (record: QueueView) => {
    // a new queue stays open in edit mode so its chatbot options can be added
    if (queue) onClose();
    else onCreated(record.id);
  };
  const saveFailed = (error: unknown) => {
    if (setServerFieldErrors(form.setError, error).length > 0) setTab('data');
    toastError(error);
  };
  const submit = form.handleSubmit((values) => {
    if (unsavedOptions > 0) {
      setWarnUnsaved(true);
      return;
    }
    save.mutate(values, { onSuccess: saved, onError: saveFailed });
  });

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="queue-form" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      {withSchedules && (
        <Tabs value={tab} onChange={(_, value: 'data' | 'hours') => setTab(value)} sx={{ px: 3 }}>
          <Tab value="data" label={t('queues.tabs.data')} data-testid="queue-tab-data" />
          <Tab value="hours" label={t('queues.tabs.hours')} data-testid="queue-tab-hours" />
        </Tabs>
      )}
      <DialogContent dividers>
        <Box hidden={tab !== 'data'}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...text('name', 'queue-name')} label={t('queues.fields.name')} fullWidth autoFocus />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField {...text('color', 'queue-color')} label={t('queues.fields.color')} fullWidth />
                <ColorSwatchInput
                  value={color}
                  label={t('queues.fields.color')}
                  onChange={(picked) => form.setValue('color', picked, { shouldDirty: true })}
                  testId="queue-color-picker"
                />
              </Stack>
            </Grid>
            <Grid size={12}>
              <PlaceholderTextField
                field={text('greetingMessage', 'queue-greeting')}
                set="ticket"
                value={watch('greetingMessage') ?? ''}
                onValueChange={(next) => form.setValue('greetingMessage', next, { shouldDirty: true })}
                testId="queue-greeting"
                label={t('queues.fields.greetingMessage')}
                fullWidth
                multiline
                minRows={2}
              />
            </Grid>
            <Grid size={12}>
              <PlaceholderTextField
                field={text('outOfHoursMessage', 'queue-out-of-hours')}
                set="ticket"
                value={watch('outOfHoursMessage') ?? ''}
                onValueChange={(next) => form.setValue('outOfHoursMessage', next, { shouldDirty: true })}
                testId="queue-out-of-hours"
                label={t('queues.fields.outOfHoursMessage')}
                fullWidth
                multiline
                minRows={2}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Controller
                control={control}
                name="ativarRoteador"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} data-testid="queue-rotation" />}
                    label={t('queues.fields.rotation')}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Controller
                control={control}
                name="tempoRoteador"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    size="small"
                    label={t('queues.fields.rotationTime')}
                    value={field.value}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    disabled={!watch('ativarRoteador')}
                    data-testid="queue-rotation-time"
                  >
                    {rotationMinutes.map((minutes) => (
                      <MenuItem key={minutes} value={minutes}>
                        {t('queues.minutes', { count: minutes })}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Controller
                control={control}
                name="assignment"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    size="small"
                    label={t('queues.fields.assignment')}
                    helperText={t('queues.assignmentHelp')}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value)}
                    data-testid="queue-assignment"
                  >
                    {queueAssignmentModes.map((mode) => (
                      <MenuItem key={mode} value={mode}>
                        {t(`queues.assignment.${mode}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Controller
                control={control}
                name="closeTicket"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} data-testid="queue-close-ticket" />}
                    label={t('queues.fields.closeTicket')}
                  />
                )}
              />
            </Grid>
            <QueueLinkSelects control={control} />
          </Grid>
          <Box sx={{ mt: 3 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              {t('queues.chatbot.title')}
            </Typography>
            {queue ? (
              <ChatbotOptions queue={queue} onUnsavedChange={setUnsavedOptions} />
            ) : (
              <Typography variant="body2" color="text.secondary" data-testid="queue-chatbot-hint">
                {t('queues.chatbot.saveFirst')}
              </Typography>
            )}
          </Box>
        </Box>
        {withSchedules && (
          <Box hidden={tab !== 'hours'}>
            <ServiceHoursField control={control} name="schedules" testIdPrefix="queue-schedule" />
          </Box>
        )}
      </DialogContent>
      {warnUnsaved && unsavedOptions > 0 && (
        <Alert severity="warning" sx={{ mx: 3, mt: 2 }} data-testid="queue-unsaved-options">
          {t('queues.chatbot.unsaved', { count: unsavedOptions })}
        </Alert>
      )}
      <FormDialogActions spacious onClose={onClose} pending={save.isPending} adding={!queue} submitTestId="queue-save" cancelTestId="queue-cancel" />
    </Box>
  );
};
