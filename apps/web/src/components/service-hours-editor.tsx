import type { WeekdayServiceHours } from '@atende/shared/service-hours';
import { Grid, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

export const serviceHoursShifts = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const;
export type ServiceHoursShift = (typeof serviceHoursShifts)[number];

type ServiceHoursEditorProps = {
  value: WeekdayServiceHours[];
  onChange: (next: WeekdayServiceHours[]) => void;
  errorAt?: (index: number, shift: ServiceHoursShift) => string | undefined;
  testIdPrefix: string;
};

// Service hours (02-operations §2, §3): two shifts, A and B, per weekday, HH:MM. Used by queues,
// connections and the company's schedules.
export const ServiceHoursEditor = ({ value, onChange, errorAt, testIdPrefix }: ServiceHoursEditorProps) => {
  const { t } = useTranslation();
  const change = (index: number, shift: ServiceHoursShift, time: string) =>
    onChange(value.map((day, at) => (at === index ? { ...day, [shift]: time } : day)));
  return (
    <Grid container spacing={1.5} sx={{ alignItems: 'center' }} data-testid={`${testIdPrefix}s`}>
      {value.map((day, index) => (
        <Grid key={day.weekdayEn} container size={12} spacing={1.5} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, sm: 2.4 }}>
            <Typography variant="body2">{t(`queues.weekdays.${day.weekdayEn}`)}</Typography>
          </Grid>
          {serviceHoursShifts.map((shift) => {
            const error = errorAt?.(index, shift);
            return (
              <Grid key={shift} size={{ xs: 6, sm: 2.4 }}>
                <TextField
                  type="time"
                  size="small"
                  fullWidth
                  value={day[shift]}
                  onChange={(event) => change(index, shift, event.target.value)}
                  label={t(`queues.shifts.${shift}`)}
                  error={Boolean(error)}
                  helperText={error}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testIdPrefix}-${day.weekdayEn}-${shift}` } }}
                />
              </Grid>
            );
          })}
        </Grid>
      ))}
    </Grid>
  );
};
