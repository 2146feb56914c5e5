// A switch bound to a form field the server keeps as 'enabled' or 'disabled' (a connection's
// groups as tickets, the platform's sign-up, a campaign's or schedule's ticket opening).
import { FormControlLabel, Switch } from '@mui/material';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

type EnabledSwitchFieldProps<Values extends FieldValues, Transformed> = {
  control: Control<Values, unknown, Transformed>;
  name: FieldPathByValue<Values, 'enabled' | 'disabled' | undefined>;
  label: string;
  testId?: string;
};

export const EnabledSwitchField = <Values extends FieldValues, Transformed = Values>({ control, name, label, testId }: EnabledSwitchFieldProps<Values, Transformed>) => (
  <Controller
    control={control}
    name={name}
    render={({ field }) => (
      <FormControlLabel
        control={
          <Switch
            checked={field.value === 'enabled'}
            onChange={(event) => field.onChange(event.target.checked ? 'enabled' : 'disabled')}
            slotProps={testId ? { input: { 'data-testid': testId } as object } : undefined}
          />
        }
        label={label}
      />
    )}
  />
);
