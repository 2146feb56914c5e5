import type { UserView } from '@atende/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationsApi } from './invitations-api.ts';
import { usersApi } from './users-api.ts';
import { upsertUserInCache } from './users-cache.ts';
import { toPayload, type UserFormAccess, type UserFormMode, type UserFormValues } from './user-form-values.ts';

export const useSaveUser = (userId: number | null, access: UserFormAccess, mode: UserFormMode) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UserFormValues): Promise<UserView> => {
      const { password, ...invitation } = toPayload(values, access);
      if (mode === 'invite') return invitationsApi.invite(invitation);
      return userId === null ? usersApi.create({ ...invitation, password }) : usersApi.update(userId, { ...invitation, password });
    },
    onSuccess: (saved) => upsertUserInCache(queryClient, saved),
  });
};
