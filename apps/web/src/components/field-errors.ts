import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-error.ts';
import { toastError } from '../lib/error-message.ts';

// Schema and server messages are i18n keys (validation.*); unknown text is shown as is.
export const useFieldError = () => {
  const { t, i18n } = useTranslation();
  return (error: Pick<FieldError, 'message'> | undefined) => {
    const message = error?.message;
    if (!message) return undefined;
    return i18n.exists(message) ? t(message) : message;
  };
};

// A server 400 names the fields it refused (`body.email`); each lands on the form field of that
// name. Answers the form paths set, so a tabbed form can show the first one; none for other errors.
export const setServerFieldErrors = <Values extends FieldValues>(setError: UseFormSetError<Values>, error: unknown): string[] => {
  if (!(error instanceof ApiError) || !error.body?.fields?.length) return [];
  return error.body.fields.map((issue) => {
    const path = issue.path.replace(/^body\./, '');
    setError(path as Path<Values>, { message: issue.message });
    return path;
  });
};

// A refused save: the fields the server named get their messages, and the error is toasted.
export const showSaveError =
  <Values extends FieldValues>(setError: UseFormSetError<Values>) =>
  (error: unknown) => {
    setServerFieldErrors(setError, error);
    toastError(error);
  };
