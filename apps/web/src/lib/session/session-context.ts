import type { SessionAnswer, SessionUser } from '@atende/shared/users';
import { createContext, useContext } from 'react';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export type SessionContextValue = {
  status: SessionStatus;
  user: SessionUser | null;
  // names this tab's sign-in; the auth event compares it (01-core §4 Session)
  sessionId: string | null;
  signIn: (answer: SessionAnswer) => void;
  signOut: () => Promise<void>;
  updateUser: (update: (user: SessionUser) => SessionUser) => void;
};

export const SessionContext = createContext<SessionContextValue | null>(null);

export const useSession = () => {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
};

// For screens that only render inside the private shell.
export const useSessionUser = (): SessionUser => {
  const { user } = useSession();
  if (!user) throw new Error('useSessionUser without a signed-in user');
  return user;
};
