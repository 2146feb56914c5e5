import type { ConnectionView } from '@atende/shared/connections';
import type { SandboxCustomerMessage } from '@atende/shared/sandbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { upsertConnectionInCache } from './connections-api.ts';
import { sandboxApi } from './sandbox-api.ts';
import { sessionApi } from './session-api.ts';

type SessionCommand = 'tryAgain' | 'newQr' | 'disconnect';

// The session buttons of 02-operations §4; the new state arrives live (company-{id}-whatsappSession).
export const useSessionCommand = (connectionId: number) =>
  useMutation({ mutationFn: (action: SessionCommand) => sessionApi[action](connectionId), onError: (error) => toastError(error) });

// 02-operations §4 Message import: the imported tickets are closed at once.
export const useCloseImported = (connectionId: number) => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => sessionApi.closeImported(connectionId),
    onSuccess: ({ closed }) => toast.success(t('connections.import.closed', { closed })),
    onError: (error) => toastError(error),
  });
};

// POST /whatsapp-restart/ restarts every WhatsApp Web session of the company (02-operations §7).
export const useRestartSessions = () => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: sessionApi.restartAll,
    onSuccess: () => toast.success(t('connections.session.restarted')),
    onError: (error) => toastError(error),
  });
};

// 02-operations §5: a file replaces the greeting attachment; none removes it.
export const useChangeGreetingMedia = (connection: ConnectionView | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => (file ? sessionApi.uploadGreetingMedia(connection?.id ?? 0, file) : sessionApi.removeGreetingMedia(connection?.id ?? 0)),
    onSuccess: (saved) => upsertConnectionInCache(queryClient, saved),
    onError: (error) => toastError(error),
  });
};

// Issue 35 point 13: a customer's message played on a sandbox connection; a blocked contact's is dropped.
export const useSendAsCustomer = (connectionId: number) => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (values: SandboxCustomerMessage) => sandboxApi.sendAsCustomer(connectionId, values),
    onSuccess: (result) => {
      if (result.messageId === null) toast.warning(t('connections.sandbox.blocked'));
      else toast.success(t('connections.sandbox.sent'));
    },
  });
};
