import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/session/session-context.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { removeUserFromCache, upsertUserInCache } from './users-cache.ts';

// company-{id}-user keeps the users list and the signed-in user current.
export const useUserEvents = () => {
  const queryClient = useQueryClient();
  const { user: me, updateUser } = useSession();
  useCompanyEvent('user', (payload) => {
    if (payload.action === 'delete') {
      removeUserFromCache(queryClient, payload.userId);
      return;
    }
    upsertUserInCache(queryClient, payload.user);
    if (payload.user.id === me?.id) updateUser((current) => ({ ...current, ...payload.user, company: current.company }));
  });
};
