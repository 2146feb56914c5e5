// Opening a sign-in inside the transaction that stores its first refresh token (01-core §4
// Session, issue 38 point 5): the company's singleSession rule decides which other sign-ins of the
// user end with it.
import { MAX_OPEN_SESSIONS, USER_AGENT_MAX_LENGTH } from '@atende/shared/sessions';
import type { Tx } from '../../db/client.ts';
import { insertRefreshToken, listOpenSessions, lockUserSessions, revokeFamiliesOf, revokeOtherFamilies } from './sessions.repo.ts';

// the device and address a sign-in or refresh came from, as each of its tokens records them
export type SessionDevice = { ip: string | null; userAgent: string | null };

export const sessionDevice = (caller: { ip: string; userAgent?: string }): SessionDevice => ({
  ip: caller.ip,
  userAgent: caller.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null,
});

type FirstToken = Parameters<typeof insertRefreshToken>[1] & { userId: number; companyId: number; familyId: string };

// Under the single-session rule a new sign-in ends all the others; without it, only the oldest
// past MAX_OPEN_SESSIONS, so a user's open sign-ins stay bounded. Answers the families it ended.
export const openSession = async (tx: Tx, first: FirstToken, singleSession: boolean) => {
  await lockUserSessions(tx, first.userId);
  await insertRefreshToken(tx, first);
  if (singleSession) return revokeOtherFamilies(tx, first.userId, first.familyId);
  const open = await listOpenSessions(tx, first.companyId, first.userId);
  const newestFirst = open.sort((a, b) => b.signedInAt.getTime() - a.signedInAt.getTime());
  const beyondCap = newestFirst.slice(MAX_OPEN_SESSIONS).map((session) => session.id);
  return revokeFamiliesOf(tx, first.companyId, first.userId, beyondCap);
};
