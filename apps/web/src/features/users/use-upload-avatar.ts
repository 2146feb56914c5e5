import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastError } from '../../lib/error-message.ts';
import { resizeToJpeg } from '../../lib/resize-image.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { usersApi } from './users-api.ts';
import { upsertUserInCache } from './users-cache.ts';

// The picture is made a small JPEG before it goes; the session's own user shows it at once.
export const useUploadAvatar = (userId: number) => {
  const queryClient = useQueryClient();
  const { user: me, updateUser } = useSession();
  return useMutation({
    mutationFn: async (file: File) => usersApi.uploadAvatar(userId, await resizeToJpeg(file)),
    onSuccess: (saved) => {
      upsertUserInCache(queryClient, saved);
      if (saved.id === me?.id) updateUser((current) => ({ ...current, profileImage: saved.profileImage }));
    },
    onError: (error) => toastError(error),
  });
};
