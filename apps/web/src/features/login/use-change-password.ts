import type { PasswordChangeBody } from '@atende/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { changePasswordRequest } from '../../lib/session/session-api.ts';
import { useSession } from '../../lib/session/session-context.ts';

// The answer is the session user without the must-change flag, so the app opens at once.
export const useChangePassword = () => {
  const { updateUser } = useSession();
  return useMutation({
    mutationFn: (body: PasswordChangeBody) => changePasswordRequest(body),
    onSuccess: (user) => updateUser(() => user),
  });
};
