import { Alert, Box, Slide } from '@mui/material';
import { useEffect, useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, type Toast } from '../lib/toast.ts';

const ToastItem = ({ toast }: { toast: Toast }) => {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toast.autoClose);
    return () => clearTimeout(timer);
  }, [toast.id, toast.autoClose]);
  return (
    <Slide in direction="down">
      <Alert
        severity={toast.severity}
        variant="filled"
        onClose={() => dismissToast(toast.id)}
        sx={{ boxShadow: 3, minWidth: 280, maxWidth: 'calc(100vw - 32px)' }}
        data-testid={`toast-${toast.severity}`}
      >
        {toast.message}
      </Alert>
    </Slide>
  );
};

// 03-saas §8: toasts sit at the top centre.
export const Toaster = () => {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        top: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        alignItems: 'center',
        pointerEvents: 'none',
        '& > *': { pointerEvents: 'auto' },
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </Box>
  );
};
