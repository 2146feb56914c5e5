import { zodResolver } from '@hookform/resolvers/zod';
import {
  scheduleCreateBody,
  scheduleDayRuleNames,
  scheduleDayRules,
  scheduleIntervalNames,
  scheduleIntervals,
  scheduleMediaExtensions,
  type ScheduleView,
} from '@atende/shared/scheduled-messages';
import { AttachFile, Delete } from '@mui/icons-material';
import { Box, Button, DialogContent, FormControlLabel, Grid, IconButton, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PlaceholderHelp, type TextInput } from '../../components/placeholder-help.tsx';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { OpenTicketFields } from '../../components/open-ticket-fields.tsx';
import { OptionalRecordSelect } from '../../components/optional-record-select.tsx';
import { useCapableConnectionOptions } from '../connections/use-connections.ts';
import { useQueueOptions } from '../queues/use-queues.ts';
import { useUsersList } from '../users/use-users.ts';
import { ScheduleContactField } from './schedule-contact-field.tsx';
import { toScheduleFormValues, type ScheduleFormValues } from './schedule-form-values.ts';
import { useRemoveSchedule, useRemoveScheduleMedia, useSaveSchedule } from './use-schedules.ts';

const resolver = zodResolver(scheduleCreateBody, undefined, { raw: true });
const accept = scheduleMediaExtensions.map((extension) => `.${extension}`).join(',');

type ScheduleFormProps = { schedule: ScheduleView | null; contactId: number | undefined; onClose: () => void };

// 02-operations §3 Schedule, §5, §9: the add and edit dialog's form.
export const ScheduleForm = ({ schedule, contactId, onClose }: ScheduleFormProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const connections = useCapableConnectionOptions('schedules');
  const { data: users = [] } = useUsersList();
  const { data: queues = [] } = useQueueOptions();
  const [file, setFile] = useState<File | null>(null);
  const [mediaName, setMediaName] = useState(schedule?.mediaName ?? null);
  const form = useForm<ScheduleFormValues, unknown, ScheduleFormValues>({ defaultValues: toScheduleFormValues(schedule, contactId), resolver });
  const { register, control, watch, formState } = form;
  const { errors } = formState;
  const number = (name: 'valorIntervalo' | 'enviarQuantasVezes') => register(name, { valueAsNumber: true });

  const save = useSaveSchedule(schedule, file);
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveSchedule();
  const removeMedia = useRemoveScheduleMedia();

  const submit = form.handleSubmit((values) => {
    const { contactId: picked } = values;
    if (typeof picked !== 'number') return;
    save.mutate({ ...values, contactId: picked }, { onSuccess: onClose, onError: showSaveError(form.setError) });
  });
  const { ref: registerBody, ...bodyField } = register('body');
  const bodyInput = useRef<TextInput | null>(null);

  const select = (name: 'whatsappId', label: string, records: { id: number; name: string }[]) => (
    <OptionalRecordSelect control={control} name={name} label={label} noneLabel={t('schedules.form.none')} records={records} testId={`schedule-${name}`} />
  );

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="schedule-form" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Grid size={12}>
            <Controller
              control={control}
              name="contactId"
              render={({ field }) => (
                <ScheduleContactField value={typeof field.value === 'number' ? field.value : undefined} onChange={field.onChange} error={errors.contactId ? t('validation.required') : undefined} />
              )}
            />
          </Grid>
          <Grid size={12}>
            <TextField
              {...bodyField}
              inputRef={(element: TextInput | null) => {
                registerBody(element);
                bodyInput.current = element;
              }}
              label={t('schedules.form.body')}
              fullWidth
              multiline
              minRows={3}
              error={Boolean(errors.body)}
              helperText={errors.body?.message === 'validation.tooShort' ? t('schedules.form.bodyTooShort') : fieldError(errors.body)}
              slotProps={{ htmlInput: { 'data-testid': 'schedule-body' } }}
            />
            <PlaceholderHelp
              set="schedule"
              value={watch('body') ?? ''}
              onChange={(next) => form.setValue('body', next, { shouldDirty: true })}
              input={bodyInput}
              testId="schedule-body-placeholders"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...register('sendAt')}
              type="datetime-local"
              label={t('schedules.form.sendAt')}
              fullWidth
              size="small"
              error={Boolean(errors.sendAt)}
              helperText={errors.sendAt ? t('validation.required') : undefined}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'schedule-send-at' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{select('whatsappId', t('schedules.form.connection'), connections)}</Grid>
          <OpenTicketFields
            control={control}
            names={{ openTicket: 'openTicket', user: 'ticketUserId', queue: 'queueId', statusTicket: 'statusTicket' }}
            labels={{
              openTicket: t('schedules.form.openTicket'),
              user: t('schedules.form.ticketUser'),
              queue: t('schedules.form.queue'),
              statusTicket: t('schedules.form.statusTicket'),
              statusClosed: t('schedules.form.statusClosed'),
              statusOpen: t('schedules.form.statusOpen'),
              none: t('schedules.form.none'),
            }}
            testIds={{ openTicket: 'schedule-open-ticket', user: 'schedule-ticketUserId', queue: 'schedule-queueId' }}
            users={users}
            queues={queues}
            columns={4}
          />
          <Grid size={{ xs: 12, sm: 4 }}>
            <Controller
              control={control}
              name="assinar"
              render={({ field }) => (
                <FormControlLabel control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label={t('schedules.form.assinar')} />
              )}
            />
          </Grid>
          <Grid size={12}>
            <Typography variant="subtitle2">{t('schedules.form.recurrence')}</Typography>
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <Controller
              control={control}
              name="intervalo"
              render={({ field }) => (
                <TextField select fullWidth size="small" label={t('schedules.form.intervalo')} value={field.value} onChange={(event) => field.onChange(Number(event.target.value))}>
                  {scheduleIntervals.map((value) => (
                    <MenuItem key={value} value={value}>
                      {t(`schedules.intervals.${scheduleIntervalNames[value]}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextField {...number('valorIntervalo')} type="number" fullWidth size="small" label={t('schedules.form.valorIntervalo')} error={Boolean(errors.valorIntervalo)} helperText={fieldError(errors.valorIntervalo)} />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextField {...number('enviarQuantasVezes')} type="number" fullWidth size="small" label={t('schedules.form.enviarQuantasVezes')} error={Boolean(errors.enviarQuantasVezes)} helperText={fieldError(errors.enviarQuantasVezes)} />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <Controller
              control={control}
              name="tipoDias"
              render={({ field }) => (
                <TextField select fullWidth size="small" label={t('schedules.form.tipoDias')} value={field.value} onChange={(event) => field.onChange(Number(event.target.value))}>
                  {scheduleDayRules.map((value) => (
                    <MenuItem key={value} value={value}>
                      {t(`schedules.dayRules.${scheduleDayRuleNames[value]}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={12}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button component="label" variant="outlined" size="small" startIcon={<AttachFile />}>
                {t('schedules.form.attach')}
                <input hidden type="file" accept={accept} data-testid="schedule-file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
              </Button>
              <Typography variant="body2" data-testid="schedule-media-name">
                {file?.name ?? mediaName ?? ''}
              </Typography>
              {schedule && mediaName && !file && (
                <IconButton size="small" aria-label={t('schedules.form.removeAttachment')} onClick={() => removeMedia.mutate(schedule.id, { onSuccess: () => setMediaName(null) })}>
                  <Delete fontSize="small" />
                </IconButton>
              )}
            </Stack>
          </Grid>
          {schedule?.status === 'ERRO' && (
            <Grid size={12}>
              <Typography color="error" variant="body2" data-testid="schedule-error">
                {t('schedules.form.failed', { reason: schedule.errorMessage ? t(`errors.${schedule.errorMessage}`, { defaultValue: schedule.errorMessage }) : '' })}
              </Typography>
            </Grid>
          )}
        </Grid>
      </DialogContent>
      <FormDialogActions onClose={onClose} pending={save.isPending} adding={!schedule} submitTestId="schedule-save">
        {schedule && (
          <Button color="error" onClick={() => setConfirming(true)} sx={{ mr: 'auto' }} data-testid="schedule-delete">
            {t('common.delete')}
          </Button>
        )}
      </FormDialogActions>
      <ConfirmDialog
        open={confirming}
        title={t('schedules.confirmDelete.title')}
        busy={remove.isPending}
        onConfirm={() => schedule && remove.mutate(schedule.id, { onSuccess: onClose })}
        onClose={() => setConfirming(false)}
      >
        {t('schedules.confirmDelete.message')}
      </ConfirmDialog>
    </Box>
  );
};
