// A user's open sign-ins (issue 38 point 5): each is a refresh-token family, named by its id (the
// sessionId a sign-in answers). A user sees and ends its own; an admin ends all of a user's
// (offboarding). No API key reaches these routes: their first path segments are not key areas
// (api-keys.ts apiKeyAreaOfSegment), and the admin's route is not under /users for that reason.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { idParam } from './validation.ts';

// how many sign-ins a user keeps open where the company allows several (singleSession disabled):
// a newer one ends the oldest past this number
export const MAX_OPEN_SESSIONS = 10;
// the longest User-Agent kept for a sign-in's device
export const USER_AGENT_MAX_LENGTH = 300;

export const sessionView = z
  .object({
    id: z.string(),
    // the browser's User-Agent as it came, and what it reads as (null where unknown)
    userAgent: z.string().nullable(),
    browser: z.string().nullable(),
    os: z.string().nullable(),
    ip: z.string().nullable(),
    signedInAt: z.string(),
    lastUsedAt: z.string(),
    // the sign-in of the token that asked
    current: z.boolean(),
  })
  .meta({ id: 'UserSession' });
export type SessionView = z.infer<typeof sessionView>;

export const sessionIdParams = z.strictObject({ sessionId: z.uuid() });
export const userSessionsParams = z.strictObject({ userId: idParam });

export const sessionsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/auth/sessions',
    response: z.array(sessionView),
    operationId: 'listOwnSessions',
    summary: "The signed-in user's open sign-ins, newest use first",
  }),
  end: defineEndpoint({
    method: 'DELETE',
    path: '/auth/sessions/:sessionId',
    params: sessionIdParams,
    response: null,
    status: 204,
    operationId: 'endOwnSession',
    summary: "Ends one of the signed-in user's sign-ins (its own one too, which signs it out)",
    errors: { 404: ['ERR_NO_SESSION_FOUND'] },
  }),
  endOthers: defineEndpoint({
    method: 'DELETE',
    path: '/auth/sessions',
    response: null,
    status: 204,
    operationId: 'endOtherOwnSessions',
    summary: "Ends every sign-in of the signed-in user but the one asking",
  }),
  endAllOfUser: defineEndpoint({
    method: 'DELETE',
    path: '/user-sessions/:userId',
    params: userSessionsParams,
    response: null,
    status: 204,
    operationId: 'endUserSessions',
    summary: "Ends every sign-in of a user of the company (an admin's offboarding; the super admin's for any user)",
    errors: { 404: ['ERR_NO_USER_FOUND'] },
  }),
};
