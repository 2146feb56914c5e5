import type { PlaceholderSet } from '@atende/shared/placeholders';
import { TextField } from '@mui/material';
import { useRef, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { PlaceholderHelp, type TextInput } from '../../components/placeholder-help.tsx';
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
  const props = text(name, testId);
  const input = useRef<TextInput | null>(null);
  const value = form.watch(name) ?? '';
  return (
    <>
      <TextField
        {...props}
        inputRef={(element: TextInput | null) => {
          props.inputRef(element);
          input.current = element;
        }}
        label={label}
        helperText={props.helperText || helperText}
        fullWidth
        multiline
        minRows={2}
      />
      <PlaceholderHelp set={set} value={value} onChange={(next) => form.setValue(name, next, { shouldDirty: true })} input={input} testId={`${testId}-placeholders`} />
    </>
  );
};
