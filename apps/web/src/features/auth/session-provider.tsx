import type { SessionAnswer, SessionUser } from '@atende/shared/users';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { refreshSession } from '../../lib/api-client.ts';
import { onSessionEvent } from '../../lib/session-events.ts';
import { clearToken, getToken, setToken } from '../../lib/storage.ts';
import { publicSettingsQueryKeys } from '../branding/use-public-setting.ts';
import { logoutRequest } from './auth-api.ts';
import { SessionContext, type SessionStatus } from './session-context.ts';

type State = { status: SessionStatus; user: SessionUser | null; sessionId: string | null };

const signedOut: State = { status: 'signedOut', user: null, sessionId: null };

export const SessionProvider = ({ children }: { children: ReactNode }) => {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(() =>
    getToken() ? { status: 'loading', user: null, sessionId: null } : signedOut,
  );

  const forgetPrivateData = useCallback(() => {
    // branding stays: the login page shows it
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== publicSettingsQueryKeys.all[0] });
  }, [queryClient]);

  const signIn = useCallback((answer: SessionAnswer) => {
    setToken(answer.token);
    setState({ status: 'signedIn', user: answer.user, sessionId: answer.sessionId });
  }, []);

  useEffect(() => {
    const offRefreshed = onSessionEvent('refreshed', signIn);
    const offEnded = onSessionEvent('ended', () => {
      setState(signedOut);
      forgetPrivateData();
    });
    return () => {
      offRefreshed();
      offEnded();
    };
  }, [signIn, forgetPrivateData]);

  // Restore the session on start when a token is stored (01-core §4 Session).
  useEffect(() => {
    if (!getToken()) return;
    refreshSession().catch(() => setState(signedOut));
  }, []);

  const signOut = useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // the session ends locally whatever the server answers
    }
    clearToken();
    setState(signedOut);
    forgetPrivateData();
  }, [forgetPrivateData]);

  const updateUser = useCallback((update: (user: SessionUser) => SessionUser) => {
    setState((current) => (current.user ? { ...current, user: update(current.user) } : current));
  }, []);

  const value = useMemo(
    () => ({ ...state, signIn, signOut, updateUser }),
    [state, signIn, signOut, updateUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
};
