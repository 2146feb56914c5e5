import type { TwoFactorCodeBody, TwoFactorDisableBody } from '@atende/shared/two-factor';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../lib/session/session-context.ts';
import { twoFactorApi } from './two-factor-api.ts';

// Issue 38 point 4: the session user carries whether two-factor sign-in is on and whether it must
// be, so the page and the forced enrolment follow each change.
export const useTwoFactorState = () => {
  const { updateUser } = useSession();
  return (enabled: boolean) => updateUser((user) => ({ ...user, twoFactorEnabled: enabled, mustEnrollTwoFactor: user.mustEnrollTwoFactor && !enabled }));
};

export const useStartTwoFactor = () => useMutation({ mutationFn: twoFactorApi.setup });

// the caller sets the state once the recovery codes it answers have been shown
export const useConfirmTwoFactor = () => useMutation({ mutationFn: (body: TwoFactorCodeBody) => twoFactorApi.confirm(body) });

export const useDisableTwoFactor = () => {
  const setEnabled = useTwoFactorState();
  return useMutation({ mutationFn: (body: TwoFactorDisableBody) => twoFactorApi.disable(body), onSuccess: () => setEnabled(false) });
};

export const useRegenerateRecoveryCodes = () => useMutation({ mutationFn: (body: TwoFactorCodeBody) => twoFactorApi.regenerateRecoveryCodes(body) });
