import { useMutation } from '@tanstack/react-query';
import { signupVerificationApi } from './signup-verification-api.ts';

export const useVerifySignup = () => useMutation({ mutationFn: signupVerificationApi.verify });

// answered the same whatever the email: the page says a link went out if a sign-up awaits it
export const useResendSignupVerification = () => useMutation({ mutationFn: signupVerificationApi.resend });
