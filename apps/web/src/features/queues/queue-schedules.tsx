import { Grid, TextField, Typography } from '@mui/material';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../users/use-field-error.ts';
import type { QueueFormValues } from './queue-form-values.ts';

const shifts = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const;

type QueueSchedulesProps = { control: Control<QueueFormValues>; errors: FieldErrors<QueueFormValues> };

export const QueueSchedules = ({ control, errors }: QueueSchedulesProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  return (
    <Grid container spacing={1.5} sx={{ alignItems: 'center' }} data-testid="queue-schedules">
      {Array.from({ length: 7 }, (_, index) => (
        <Controller
          key={index}
          control={control}
          name={`schedules.${index}.weekdayEn`}
          render={({ field: day }) => (
            <>
              <Grid size={{ xs: 12, sm: 2.4 }}>
                <Typography variant="body2">{t(`queues.weekdays.${day.value}`)}</Typography>
              </Grid>
              {shifts.map((shift) => (
                <Grid key={shift} size={{ xs: 6, sm: 2.4 }}>
                  <Controller
                    control={control}
                    name={`schedules.${index}.${shift}`}
                    render={({ field }) => (
                      <TextField
                        {...field}
                        type="time"
                        size="small"
                        fullWidth
                        label={t(`queues.shifts.${shift}`)}
                        error={Boolean(errors.schedules?.[index]?.[shift])}
                        helperText={fieldError(errors.schedules?.[index]?.[shift])}
                        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `queue-schedule-${day.value}-${shift}` } }}
                      />
                    )}
                  />
                </Grid>
              ))}
            </>
          )}
        />
      ))}
    </Grid>
  );
};
