import { TOAST_AUTO_CLOSE_MS } from '@atende/shared/constants';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';
export type Toast = { id: number; severity: ToastSeverity; message: string; autoClose: number };
export type ToastOptions = { autoClose?: number };

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

const publish = () => {
  for (const listener of listeners) listener(toasts);
};

export const subscribeToasts = (listener: Listener) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const getToasts = () => toasts;

export const dismissToast = (id: number) => {
  toasts = toasts.filter((toast) => toast.id !== id);
  publish();
};

const show = (severity: ToastSeverity) => (message: string, options: ToastOptions = {}) => {
  const toast = { id: nextId++, severity, message, autoClose: options.autoClose ?? TOAST_AUTO_CLOSE_MS };
  toasts = [...toasts, toast];
  publish();
  return toast.id;
};

export const toast = {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
};
