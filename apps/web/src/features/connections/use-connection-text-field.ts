import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useFieldError } from '../../components/field-errors.ts';
import type { ConnectionFormValues } from './connection-form-values.ts';

// Props for a TextField bound to one connection form field, with its translated error.
export const useConnectionTextField = (form: UseFormReturn<ConnectionFormValues>) => {
  const fieldError = useFieldError();
  const { errors } = form.formState;
  return (name: FieldPath<ConnectionFormValues>, testId: string) => {
    const { ref, ...rest } = form.register(name);
    const error = errors[name as keyof ConnectionFormValues];
    return {
      ...rest,
      inputRef: ref,
      error: Boolean(error),
      helperText: fieldError(error as never),
      slotProps: { htmlInput: { 'data-testid': testId } },
    };
  };
};
