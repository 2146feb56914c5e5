import type { PlaceholderSet } from '@atende/shared/placeholders';
import { TextField, type TextFieldProps } from '@mui/material';
import { useRef } from 'react';
import { PlaceholderHelp, type TextInput } from './placeholder-help.tsx';

// the props of a TextField bound to a form field (register's ref as inputRef)
export type BoundFieldProps = Omit<TextFieldProps, 'inputRef'> & { inputRef: (element: TextInput | null) => void };

// A text the product sends on a company's behalf (issue 35 point 1): the field, and under it the
// placeholders its kind is rendered with, each inserted at the cursor when clicked.
export const PlaceholderTextField = ({
  field,
  set,
  custom,
  value,
  onValueChange,
  testId,
  ...props
}: Omit<TextFieldProps, 'inputRef' | 'value'> & {
  field: BoundFieldProps;
  set: PlaceholderSet;
  custom?: readonly string[];
  value: string;
  onValueChange: (next: string) => void;
  testId: string;
}) => {
  const input = useRef<TextInput | null>(null);
  return (
    <>
      <TextField
        {...field}
        {...props}
        inputRef={(element: TextInput | null) => {
          field.inputRef(element);
          input.current = element;
        }}
      />
      <PlaceholderHelp set={set} custom={custom} value={value} onChange={onValueChange} input={input} testId={`${testId}-placeholders`} />
    </>
  );
};
