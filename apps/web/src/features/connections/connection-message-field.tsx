import type { PlaceholderSet } from '@atende/shared/placeholders';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { PlaceholderTextField } from '../../components/placeholder-text-field.tsx';
import type { ConnectionFormValues } from './connection-form-values.ts';
import { useConnectionTextField } from './use-connection-text-field.ts';

type MessageName = 'greetingMessage' | 'complationMessage' | 'outOfHoursMessage' | 'collectiveVacationMessage' | 'ratingMessage';

// A message the connection sends to customers, with the placeholders it is rendered with under it.
export const ConnectionMessageField = ({
  form,
  name,
  testId,
  label,
  helperText,
  set = 'ticket',
}: {
  form: UseFormReturn<ConnectionFormValues>;
  name: MessageName;
  testId: string;
  label: string;
  helperText?: ReactNode;
  set?: PlaceholderSet;
}) => {
  const text = useConnectionTextField(form);
  const field = text(name, testId);
  return (
    <PlaceholderTextField
      field={field}
      set={set}
      value={form.watch(name) ?? ''}
      onValueChange={(next) => form.setValue(name, next, { shouldDirty: true })}
      testId={testId}
      label={label}
      helperText={field.helperText || helperText}
      fullWidth
      multiline
      minRows={2}
    />
  );
};
