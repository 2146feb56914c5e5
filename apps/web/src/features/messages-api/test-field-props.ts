import type { Dispatch, SetStateAction } from 'react';
import type { TFunction } from 'i18next';
import type { FieldErrors } from './messages-api-forms.ts';

// Props of a text field of a test form: its value, its translated error and its test id.
export const testFieldProps = <V extends Record<string, unknown>>(
  t: TFunction,
  form: { values: V; setValues: Dispatch<SetStateAction<V>>; errors: FieldErrors; testIdPrefix: string },
  name: keyof V & keyof FieldErrors,
) => ({
  value: form.values[name] as string,
  onChange: (event: { target: { value: string } }) => form.setValues((current) => ({ ...current, [name]: event.target.value })),
  error: Boolean(form.errors[name]),
  helperText: form.errors[name] ? t(form.errors[name]) : ' ',
  label: t(`messagesApi.fields.${name}`),
  fullWidth: true,
  slotProps: { htmlInput: { 'data-testid': `${form.testIdPrefix}-${name}` } },
});
