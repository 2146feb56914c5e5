import { FORCED_LOGOUT_RELOAD_MS } from '@atende/shared/constants';
import type { CompanyEvents } from '@atende/shared/events';
import { useTranslation } from 'react-i18next';
import { clearAllStorage } from '../storage.ts';
import { toast } from '../toast.ts';
import { useSession } from '../session/session-context.ts';
import { rememberSignedOutElsewhere, type SignedOutReason } from '../session/signed-out-elsewhere.ts';
import { useCompanyEvent } from './use-company-event.ts';

// 01-core §4 Session: a newer sign-in of this user elsewhere ends this tab's session; so does
// (issue 38 point 5) the user ending it from another device, or an admin ending all of the user's.
const reasonOf = (payload: CompanyEvents['auth'], sessionId: string): SignedOutReason | undefined => {
  if (payload.action === 'update') return payload.sessionId === sessionId ? undefined : 'accessedElsewhere';
  if (!payload.sessionIds.includes(sessionId)) return undefined;
  return payload.endedBy === 'admin' ? 'endedByAdmin' : 'endedElsewhere';
};

export const useForcedLogout = () => {
  const { t } = useTranslation();
  const { user, sessionId } = useSession();
  useCompanyEvent('auth', (payload) => {
    if (!user || !sessionId || payload.user.id !== user.id) return;
    const reason = reasonOf(payload, sessionId);
    if (!reason) return;
    toast.error(t(`session.${reason}`));
    clearAllStorage();
    rememberSignedOutElsewhere(reason);
    setTimeout(() => window.location.reload(), FORCED_LOGOUT_RELOAD_MS);
  });
};
