import type { UserView } from '@atende/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from './users-api.ts';
import { upsertUserInCache } from './users-cache.ts';
import { toPayload, type UserFormAccess, type UserFormValues } from './user-form-values.ts';

export const useSaveUser = (userId: number | null, access: UserFormAccess) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UserFormValues): Promise<UserView> => {
      const payload = toPayload(values, access);
      return userId === null ? usersApi.create(payload) : usersApi.update(userId, payload);
    },
    onSuccess: (saved) => upsertUserInCache(queryClient, saved),
  });
};
