import type { SessionAnswer, SessionUser } from '@atende/shared/users';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { refreshSession } from '../api-client.ts';
import { onSessionEvent } from '../session-events.ts';
import { clearToken, getToken, setToken } from '../storage.ts';
import { logoutRequest } from './session-api.ts';
import { SessionContext, type SessionStatus } from './session-context.ts';

type State = { status: SessionStatus; user: SessionUser | null; sessionId: string | null };

const signedOut: State = { status: 'signedOut', user: null, sessionId: null };

type SessionProviderProps = {
  children: ReactNode;
  // the first key part of the queries a signed-out page still shows (the branding of the login page)
  publicQueryRoots: readonly string[];
};

export const SessionProvider = ({ children, publicQueryRoots }: SessionProviderProps) => {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(() =>
    getToken() ? { status: 'loading', user: null, sessionId: null } : signedOut,
  );

  const forgetPrivateData = useCallback(() => {
    queryClient.removeQueries({ predicate: (query) => !publicQueryRoots.includes(String(query.queryKey[0])) });
  }, [queryClient, publicQueryRoots]);

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
