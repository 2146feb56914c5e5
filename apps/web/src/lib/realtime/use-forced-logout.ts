import { FORCED_LOGOUT_RELOAD_MS } from '@atende/shared/constants';
import { useTranslation } from 'react-i18next';
import { clearAllStorage } from '../storage.ts';
import { toast } from '../toast.ts';
import { useSession } from '../session/session-context.ts';
import { rememberSignedOutElsewhere } from '../session/signed-out-elsewhere.ts';
import { useCompanyEvent } from './use-company-event.ts';

// 01-core §4 Session: a newer sign-in of this user elsewhere ends this tab's session.
export const useForcedLogout = () => {
  const { t } = useTranslation();
  const { user, sessionId } = useSession();
  useCompanyEvent('auth', (payload) => {
    if (payload.action !== 'update' || !user || payload.user.id !== user.id) return;
    if (!sessionId || payload.sessionId === sessionId) return;
    toast.error(t('session.accessedElsewhere'));
    clearAllStorage();
    rememberSignedOutElsewhere();
    setTimeout(() => window.location.reload(), FORCED_LOGOUT_RELOAD_MS);
  });
};
