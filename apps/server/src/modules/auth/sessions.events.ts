// The auth event telling the tabs of ended sign-ins who ended them (issue 38 point 5), published
// after the commit and before their sockets are closed, so they can say why on the way out.
import type { EventBus } from '../../platform/events.ts';

export type EndedSessions = { companyId: number; userId: number; sessionIds: string[]; endedBy: 'user' | 'admin' };

export const tellEndedSessions = (bus: EventBus, { companyId, userId, sessionIds, endedBy }: EndedSessions) => {
  if (sessionIds.length === 0) return;
  bus.publish({ companyId, event: 'auth', payload: { action: 'end', user: { id: userId }, sessionIds, endedBy }, audience: { userId } });
};
