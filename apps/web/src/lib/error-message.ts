import i18n from './i18n.ts';
import { ApiError } from './api-error.ts';
import { toast, type ToastOptions } from './toast.ts';

// 01-core §8: the translated error code if known, else the raw text, else a generic message.
export const errorMessage = (error: unknown): string => {
  if (error instanceof ApiError) {
    const key = `errors.${error.text ?? ''}`;
    if (error.text && i18n.exists(key)) return i18n.t(key);
    if (error.text) return error.text;
  } else if (error instanceof Error && error.message && error.name !== 'TypeError') {
    return error.message;
  }
  return i18n.t('errors.generic');
};

export const toastError = (error: unknown, options?: ToastOptions) => {
  toast.error(errorMessage(error), options);
};
