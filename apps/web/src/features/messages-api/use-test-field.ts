import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../components/field-errors.ts';

// Props of a text field of a test form: bound to the form, with its translated error and its test id.
export const useTestField = <Values extends FieldValues>(form: UseFormReturn<Values>, testIdPrefix: string) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  return (name: Path<Values> & ('token' | 'number' | 'body')) => {
    const { ref, ...rest } = form.register(name);
    const { error } = form.getFieldState(name, form.formState);
    return {
      ...rest,
      inputRef: ref,
      error: Boolean(error),
      helperText: fieldError(error) ?? ' ',
      label: t(`messagesApi.fields.${name}`),
      fullWidth: true,
      slotProps: { htmlInput: { 'data-testid': `${testIdPrefix}-${name}` } },
    };
  };
};
