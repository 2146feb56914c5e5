// A form field choosing one record by id, or none (null): the queue dialog's file list and
// integration, a bot option's file list and integration.
import { MenuItem, TextField } from '@mui/material';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useFieldError } from './field-errors.ts';

type OptionalRecordSelectProps<Values extends FieldValues> = {
  control: Control<Values>;
  name: FieldPathByValue<Values, number | null>;
  label: string;
  noneLabel: string;
  records: { id: number; name: string }[];
  testId: string;
};

export const OptionalRecordSelect = <Values extends FieldValues>({ control, name, label, noneLabel, records, testId }: OptionalRecordSelectProps<Values>) => {
  const fieldError = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldError(fieldState.error);
        const value = field.value as number | null;
        return (
          <TextField
            select
            fullWidth
            size="small"
            label={label}
            // a record not (yet) among the choices shows as none rather than an out-of-range value
            value={value !== null && records.some((record) => record.id === value) ? value : ''}
            onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
            error={error !== undefined}
            helperText={error}
            data-testid={testId}
          >
            <MenuItem value="">
              <em>{noneLabel}</em>
            </MenuItem>
            {records.map((record) => (
              <MenuItem key={record.id} value={record.id} data-testid={`${testId}-option-${record.id}`}>
                {record.name}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
};
