import { MenuItem, TextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import type { UserFormValues } from './user-form-values.ts';

type SelectName = 'profile' | 'defaultTheme' | 'defaultMenu';

type SelectFieldProps = {
  name: SelectName;
  label: string;
  options: readonly { value: string; label: string }[];
  testId: string;
};

export const SelectField = ({ name, label, options, testId }: SelectFieldProps) => {
  const { control } = useFormContext<UserFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField select fullWidth label={label} {...field} data-testid={testId}>
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value} data-testid={`${testId}-${option.value}`}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
};
