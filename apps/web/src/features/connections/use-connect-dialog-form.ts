import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { get, useForm, type DefaultValues, type FieldError, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useFieldError } from '../../components/field-errors.ts';
import { errorMessage } from '../../lib/error-message.ts';

type ConnectDialogFormOptions<Values extends FieldValues, Result> = {
  emptyValues: Values;
  resolver: Resolver<Values, unknown, Values>;
  connect: UseMutationResult<Result, Error, Values>;
  testIdPrefix: string;
  onClose: () => void;
  // what the server answered, before the dialog closes (an email connection's forwarding address)
  onConnected?: (result: Result) => void;
};

// The form of a dialog that connects a channel with pasted credentials (Cloud API, Facebook):
// the server's refusal shows in the dialog, and closing it forgets what was typed and refused.
export const useConnectDialogForm = <Values extends FieldValues, Result>({ emptyValues, resolver, connect, testIdPrefix, onClose, onConnected }: ConnectDialogFormOptions<Values, Result>) => {
  const fieldError = useFieldError();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values, unknown, Values>({ defaultValues: emptyValues as DefaultValues<Values>, resolver });
  const { errors } = form.formState;
  const text = (name: Path<Values>) => {
    const { ref, ...rest } = form.register(name);
    const error: FieldError | undefined = get(errors, name);
    return { ...rest, inputRef: ref, error: Boolean(error), helperText: fieldError(error), slotProps: { htmlInput: { 'data-testid': `${testIdPrefix}-${name}` } } };
  };
  const close = () => {
    form.reset(emptyValues);
    setFailure(null);
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    const connected = (result: Result) => {
      onConnected?.(result);
      close();
    };
    connect.mutate(values, { onSuccess: connected, onError: (error) => setFailure(errorMessage(error)) });
  });
  return { text, form, failure, close, submit, pending: connect.isPending };
};
