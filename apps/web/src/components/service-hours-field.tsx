// The service hours editor bound to a form's week of hours, each time showing its own error
// (a queue's and a connection's hours; 02-operations §2, §3).
import type { WeekdayServiceHours } from '@atende/shared/service-hours';
import { Controller, get, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useFieldError } from './field-errors.ts';
import { ServiceHoursEditor } from './service-hours-editor.tsx';

type ServiceHoursFieldProps<Values extends FieldValues, Context, Transformed> = {
  control: Control<Values, Context, Transformed>;
  name: FieldPathByValue<Values, WeekdayServiceHours[]>;
  testIdPrefix: string;
};

export const ServiceHoursField = <Values extends FieldValues, Context = unknown, Transformed = Values>({
  control,
  name,
  testIdPrefix,
}: ServiceHoursFieldProps<Values, Context, Transformed>) => {
  const fieldError = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ServiceHoursEditor value={field.value} onChange={field.onChange} errorAt={(index, shift) => fieldError(get(fieldState.error, `${index}.${shift}`))} testIdPrefix={testIdPrefix} />
      )}
    />
  );
};
