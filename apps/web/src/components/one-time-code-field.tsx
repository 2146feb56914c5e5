import { TextField, type TextFieldProps } from '@mui/material';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useFieldError } from './field-errors.ts';

type OneTimeCodeFieldProps<Values extends FieldValues> = {
  form: UseFormReturn<Values>;
  name: Path<Values>;
  label: string;
  testId: string;
  // a recovery code is letters and digits; an authenticator's code is six digits
  numeric?: boolean;
} & Pick<TextFieldProps, 'autoFocus'>;

// The field for a code from an authenticator app or a recovery code (issue 38 point 4): the
// browser and the phone's keyboard offer the code they hold.
export const OneTimeCodeField = <Values extends FieldValues>({ form, name, label, testId, numeric = true, autoFocus }: OneTimeCodeFieldProps<Values>) => {
  const fieldError = useFieldError();
  const { ref, ...field } = form.register(name);
  const error = form.formState.errors[name];
  return (
    <TextField
      {...field}
      inputRef={ref}
      label={label}
      autoFocus={autoFocus}
      autoComplete="one-time-code"
      fullWidth
      error={Boolean(error)}
      helperText={fieldError(error as { message?: string } | undefined)}
      slotProps={{ htmlInput: { inputMode: numeric ? 'numeric' : 'text', 'data-testid': testId, spellCheck: false } }}
    />
  );
};
