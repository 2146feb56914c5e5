import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useFieldError } from './field-errors.ts';

// What a text field of a react-hook-form form takes: its registration, whether it is in error and
// the translated message.
export const useTextFieldProps = <Values extends FieldValues>(form: UseFormReturn<Values>) => {
  const fieldError = useFieldError();
  return (name: Path<Values>) => {
    const { error } = form.getFieldState(name, form.formState);
    return { ...form.register(name), error: Boolean(error), helperText: fieldError(error), fullWidth: true };
  };
};
