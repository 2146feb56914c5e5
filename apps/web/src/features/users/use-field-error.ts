import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

// Schema and server messages are i18n keys (validation.*); unknown text is shown as is.
export const useFieldError = () => {
  const { t, i18n } = useTranslation();
  return (error: FieldError | undefined) => {
    const message = error?.message;
    if (!message) return undefined;
    return i18n.exists(message) ? t(message) : message;
  };
};
