// Invitations (issue 38 point 3): an admin invites a user by email instead of typing a password for
// them; the invited user opens the mailed link, chooses a password and then signs in. The link
// carries a random token; the server keeps only its SHA-256 and honours it once, until it expires.
import { z } from 'zod';
import { NAME_BOUNDS } from './constants.ts';
import { defineEndpoint } from './contract.ts';
import { passwordField, userCreateBody, userView } from './users.ts';
import { boundedText, idParam, validationMessages } from './validation.ts';

// how long an invitation's link is honoured
export const INVITATION_TTL_DAYS = 7;

// The user form's fields without the password, which the invited user chooses.
export const userInviteBody = userCreateBody.omit({ password: true });
export type UserInviteBody = z.infer<typeof userInviteBody>;

// a mailed link's token as the browser hands it back
export const accountLinkToken = z.string({ error: validationMessages.required }).trim().min(1, validationMessages.required).max(200);

export const invitationQuery = z.strictObject({ token: accountLinkToken });

export const invitationView = z.object({ companyName: z.string(), name: z.string(), email: z.string() }).meta({ id: 'Invitation' });
export type InvitationView = z.infer<typeof invitationView>;

// The invited user may correct the name the admin typed.
export const invitationAcceptBody = z.strictObject({
  token: accountLinkToken,
  name: boundedText(NAME_BOUNDS.min, NAME_BOUNDS.max).optional(),
  password: passwordField,
});
export type InvitationAcceptBody = z.infer<typeof invitationAcceptBody>;

const invalidLink = { 400: ['ERR_INVALID_TOKEN'] } as const;

export const invitationsEndpoints = {
  invite: defineEndpoint({
    method: 'POST',
    path: '/users/invite',
    body: userInviteBody.meta({ id: 'UserInviteBody' }),
    response: userView,
    status: 201,
    operationId: 'inviteUser',
    summary: 'Adds a user to the company, within its plan, and mails them a link to choose their password',
    errors: { 403: ['ERR_PLAN_USER_LIMIT'], 404: ['ERR_NO_WAPP_FOUND'], 409: ['ERR_DUPLICATED_EMAIL'], 503: ['ERR_EMAIL_DISABLED'] },
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/users/:id/invitation',
    params: z.strictObject({ id: idParam }),
    response: null,
    status: 204,
    operationId: 'resendInvitation',
    summary: "Mails an invited user a new link; the earlier one stops working",
    errors: { 404: ['ERR_NO_USER_FOUND'], 503: ['ERR_EMAIL_DISABLED'] },
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/auth/invitation',
    query: invitationQuery,
    response: invitationView,
    operationId: 'showInvitation',
    summary: "An invitation's company and email, for the page where its user chooses a password",
    errors: invalidLink,
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/auth/invitation/accept',
    body: invitationAcceptBody.meta({ id: 'InvitationAcceptBody' }),
    response: null,
    status: 204,
    operationId: 'acceptInvitation',
    summary: "Sets the invited user's password (the link works once); they then sign in",
    errors: { ...invalidLink, 429: ['ERR_TOO_MANY_REQUESTS'] },
  }),
};
