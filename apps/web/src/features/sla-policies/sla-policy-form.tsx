import { zodResolver } from '@hookform/resolvers/zod';
import { slaHoursModes, slaPolicyBody, type SlaPolicyInput, type SlaPolicyView } from '@atende/shared/sla';
import { ticketPriorities } from '@atende/shared/tickets';
import { Box, DialogContent, FormControlLabel, Grid, MenuItem, Switch, TextField } from '@mui/material';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { OptionalRecordSelect } from '../../components/optional-record-select.tsx';
import { useQueueOptions } from '../queues/use-queues.ts';
import { useSaveSlaPolicy } from './use-sla-policies.ts';

type SlaPolicyFormValues = z.input<typeof slaPolicyBody>;
type TargetField = 'firstResponseMinutes' | 'nextResponseMinutes' | 'resolutionMinutes';
const targetFields: TargetField[] = ['firstResponseMinutes', 'nextResponseMinutes', 'resolutionMinutes'];
// the select's value for "every priority" (null in the policy)
const ANY_PRIORITY = 'any';

const toFormValues = (policy: SlaPolicyView | null): SlaPolicyFormValues => ({
  name: policy?.name ?? '',
  queueId: policy?.queueId ?? null,
  priority: policy?.priority ?? null,
  firstResponseMinutes: policy?.firstResponseMinutes ?? null,
  nextResponseMinutes: policy?.nextResponseMinutes ?? null,
  resolutionMinutes: policy?.resolutionMinutes ?? null,
  hoursMode: policy?.hoursMode ?? 'calendar',
  active: policy?.active ?? true,
});

// a target left empty is no target
const MinutesField = ({ control, name }: { control: Control<SlaPolicyFormValues, unknown, SlaPolicyInput>; name: TargetField }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          type="number"
          fullWidth
          label={t(`sla.policies.fields.${name}`)}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
          error={Boolean(fieldState.error)}
          helperText={fieldError(fieldState.error) || t('sla.policies.minutesHelp')}
          slotProps={{ htmlInput: { min: 1, 'data-testid': `sla-policy-${name}` } }}
        />
      )}
    />
  );
};

type SlaPolicyFormProps = { policy: SlaPolicyView | null; onClose: () => void };

// issue 40 point 3: a policy for one queue (or the company's default) and one priority (or every
// one), with up to three targets in minutes, counted on the calendar or in service hours.
export const SlaPolicyForm = ({ policy, onClose }: SlaPolicyFormProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { data: queues = [] } = useQueueOptions();
  const form = useForm<SlaPolicyFormValues, unknown, SlaPolicyInput>({ defaultValues: toFormValues(policy), resolver: zodResolver(slaPolicyBody) });
  const { register, control, formState } = form;
  const save = useSaveSlaPolicy(policy);
  const name = register('name');

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: onClose, onError: showSaveError(form.setError) }))} data-testid="sla-policy-form">
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Grid size={12}>
            <TextField
              {...name}
              inputRef={name.ref}
              label={t('sla.policies.fields.name')}
              fullWidth
              autoFocus
              error={Boolean(formState.errors.name)}
              helperText={fieldError(formState.errors.name)}
              slotProps={{ htmlInput: { 'data-testid': 'sla-policy-name' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <OptionalRecordSelect control={control} name="queueId" label={t('sla.policies.fields.queue')} noneLabel={t('sla.policies.companyDefault')} records={queues} testId="sla-policy-queue" size="medium" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={control}
              name="priority"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  label={t('sla.policies.fields.priority')}
                  value={field.value ?? ANY_PRIORITY}
                  onChange={(event) => field.onChange(event.target.value === ANY_PRIORITY ? null : event.target.value)}
                  slotProps={{ htmlInput: { 'data-testid': 'sla-policy-priority' } }}
                >
                  <MenuItem value={ANY_PRIORITY}>{t('sla.policies.anyPriority')}</MenuItem>
                  {ticketPriorities.map((priority) => (
                    <MenuItem key={priority} value={priority}>
                      {t(`tickets.priority.${priority}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          {targetFields.map((field) => (
            <Grid key={field} size={{ xs: 12, sm: 4 }}>
              <MinutesField control={control} name={field} />
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={control}
              name="hoursMode"
              render={({ field }) => (
                <TextField select fullWidth label={t('sla.policies.fields.hoursMode')} {...field} slotProps={{ htmlInput: { 'data-testid': 'sla-policy-hoursMode' } }}>
                  {slaHoursModes.map((mode) => (
                    <MenuItem key={mode} value={mode}>
                      {t(`sla.policies.hoursModes.${mode}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={control}
              name="active"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value ?? true} onChange={(event) => field.onChange(event.target.checked)} slotProps={{ input: { 'data-testid': 'sla-policy-active' } as object }} />}
                  label={t('sla.policies.fields.active')}
                />
              )}
            />
          </Grid>
        </Grid>
      </DialogContent>
      <FormDialogActions onClose={onClose} pending={save.isPending} submitTestId="sla-policy-save" />
    </Box>
  );
};
