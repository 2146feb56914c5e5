// The queue multi-select bound to a form's list of queue ids (a user's and a connection's queues).
import type { QueueSummary } from '@atende/shared/users';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useFieldError } from './field-errors.ts';
import { QueueMultiSelect } from './queue-multi-select.tsx';

type QueueMultiSelectFieldProps<Values extends FieldValues, Transformed> = {
  control: Control<Values, unknown, Transformed>;
  name: FieldPathByValue<Values, number[]>;
  queues: QueueSummary[];
  label: string;
  testId: string;
};

export const QueueMultiSelectField = <Values extends FieldValues, Transformed = Values>({ control, name, queues, label, testId }: QueueMultiSelectFieldProps<Values, Transformed>) => {
  const fieldError = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <QueueMultiSelect queues={queues} value={field.value} onChange={field.onChange} onBlur={field.onBlur} label={label} error={fieldError(fieldState.error)} testId={testId} />
      )}
    />
  );
};
