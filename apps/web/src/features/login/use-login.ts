import type { LoginBody, TwoFactorLoginBody } from '@atende/shared/auth';
import { LOGIN_TOAST_AUTO_CLOSE_MS } from '@atende/shared/constants';
import type { OverdueSignIn } from '@atende/shared/invoices';
import type { SessionAnswer } from '@atende/shared/users';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../lib/api-error.ts';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { loginRequest, loginTwoFactorRequest } from '../../lib/session/session-api.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { warnIfDueSoon } from './due-date-warning.ts';
import { forgetSignedOutElsewhere } from '../../lib/session/signed-out-elsewhere.ts';
import { useOverdueMessage } from '../overdue/overdue-message.ts';
import type { OverdueState } from '../overdue/overdue-page.tsx';

// What a sign-in's answer leads to, the same after the password and after the second factor
// (issue 38 point 4): the session, or the overdue landing.
const useSignInOutcome = () => {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const overdueMessage = useOverdueMessage();
  return {
    signedIn: (answer: SessionAnswer) => {
      forgetSignedOutElsewhere();
      signIn(answer);
      warnIfDueSoon(answer.user.company.dueDate);
    },
    failed: (error: Error) => {
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
  };
};

// onChallenge: the user has two-factor sign-in on, and the password step answered its challenge
export const useLogin = (onChallenge: (challenge: string) => void) => {
  const outcome = useSignInOutcome();
  return useMutation({
    mutationFn: (body: LoginBody) => loginRequest(body),
    onSuccess: (answer) => ('challenge' in answer ? onChallenge(answer.challenge) : outcome.signedIn(answer)),
    onError: outcome.failed,
  });
};

export const useLoginTwoFactor = () => {
  const outcome = useSignInOutcome();
  return useMutation({ mutationFn: (body: TwoFactorLoginBody) => loginTwoFactorRequest(body), onSuccess: outcome.signedIn, onError: outcome.failed });
};
