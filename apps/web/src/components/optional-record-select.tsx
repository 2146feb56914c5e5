// A form field choosing one record by id, or none (null): the queue dialog's file list and
// integration, a bot option's file list and integration, a campaign's or schedule's connection,
// user and queue, a lane's next and rollback lanes and user, a user's and a new ticket's connection.
import { MenuItem, TextField } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useFieldError } from './field-errors.ts';

type OptionalRecordSelectProps<Values extends FieldValues, Context, Transformed> = {
  control: Control<Values, Context, Transformed>;
  // any path: the shared schemas take an id as unknown input and coerce it
  name: Path<Values>;
  label: string;
  noneLabel: string;
  records: { id: number; name: string }[];
  testId: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
};

export const OptionalRecordSelect = <Values extends FieldValues, Context = unknown, Transformed = Values>({
  control,
  name,
  label,
  noneLabel,
  records,
  testId,
  disabled = false,
  size = 'small',
}: OptionalRecordSelectProps<Values, Context, Transformed>) => {
  const fieldError = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldError(fieldState.error);
        const value = (field.value as number | null | undefined) ?? null;
        return (
          <TextField
            select
            fullWidth
            size={size}
            label={label}
            disabled={disabled}
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
