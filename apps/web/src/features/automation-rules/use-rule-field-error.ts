// A field of a rule's form in error: an empty one says it is required (the schema's own
// message for an unpicked id or an empty text is not translated); otherwise the message's key
// translated (the server's too, as a refused regular expression's validation.regex*).
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../components/field-errors.ts';

export const useRuleFieldError = () => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  return (error: FieldError | undefined, value: unknown) => {
    if (!error) return undefined;
    const empty = value === undefined || value === null || value === '' || value === 0 || (Array.isArray(value) && value.length === 0);
    return empty ? t('validation.required') : fieldError(error);
  };
};
