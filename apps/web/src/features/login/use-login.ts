import type { LoginBody } from '@atende/shared/auth';
import { LOGIN_TOAST_AUTO_CLOSE_MS } from '@atende/shared/constants';
import type { OverdueSignIn } from '@atende/shared/invoices';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../lib/api-error.ts';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { loginRequest } from '../../lib/session/session-api.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { warnIfDueSoon } from './due-date-warning.ts';
import { forgetSignedOutElsewhere } from '../../lib/session/signed-out-elsewhere.ts';
import { useOverdueMessage } from '../overdue/overdue-message.ts';
import type { OverdueState } from '../overdue/overdue-page.tsx';

export const useLogin = () => {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const overdueMessage = useOverdueMessage();
  return useMutation({
    mutationFn: (body: LoginBody) => loginRequest(body),
    onSuccess: (answer) => {
      forgetSignedOutElsewhere();
      signIn(answer);
      warnIfDueSoon(answer.user.company.dueDate);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'ERR_SUBSCRIPTION_OVERDUE') {
        const dueDate = error.body?.dueDate;
        // an admin's refused sign-in comes with a session that reaches only the invoices
        const billing = error.body as OverdueSignIn | undefined;
        if (billing?.token && billing.user && billing.sessionId) signIn({ token: billing.token, user: billing.user, sessionId: billing.sessionId });
        toast.error(overdueMessage(dueDate), { autoClose: LOGIN_TOAST_AUTO_CLOSE_MS });
        navigate('/financeiro-aberto', { state: { dueDate } satisfies OverdueState });
        return;
      }
      toastError(error, { autoClose: LOGIN_TOAST_AUTO_CLOSE_MS });
    },
  });
};
