import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { sessionsApi, sessionsQueryKeys } from './sessions-api.ts';

export const useOwnSessions = () => useQuery({ queryKey: sessionsQueryKeys.list, queryFn: sessionsApi.list });

// Ends one sign-in of the user's (a sessionId), or every other one (no sessionId).
export const useEndSessions = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId?: string) => (sessionId ? sessionsApi.end(sessionId) : sessionsApi.endOthers()),
    onSuccess: async (_, sessionId) => {
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKeys.list });
      toast.success(t(sessionId ? 'security.sessions.toasts.ended' : 'security.sessions.toasts.endedOthers'));
    },
    onError: (error) => toastError(error),
  });
};
