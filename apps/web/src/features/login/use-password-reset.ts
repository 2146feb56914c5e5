import { useMutation, useQuery } from '@tanstack/react-query';
import { passwordResetApi, passwordResetQueryKeys } from './password-reset-api.ts';

// answered the same whatever the email: the page says a link went out if the account exists
export const useForgotPassword = () => useMutation({ mutationFn: passwordResetApi.forgot });

// whether a mailed link still works; a used, expired or forged one answers ERR_INVALID_TOKEN
export const usePasswordResetLink = (token: string) =>
  useQuery({
    queryKey: passwordResetQueryKeys.link(token),
    // the answer is empty (204), and a query must hold a value
    queryFn: () => passwordResetApi.check(token).then(() => true),
    enabled: token !== '',
    retry: false,
  });

export const useResetPassword = () => useMutation({ mutationFn: passwordResetApi.reset });
