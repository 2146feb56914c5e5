import { invitationsEndpoints, type InvitationAcceptBody, type UserInviteBody } from '@atende/shared/invitations';
import { callEndpoint } from '../../lib/endpoint-client.ts';

// Issue 38 point 3: the admin's invitation calls, and the invited user's public ones.
export const invitationsApi = {
  invite: (body: UserInviteBody) => callEndpoint(invitationsEndpoints.invite, { body }),
  resend: (id: number) => callEndpoint(invitationsEndpoints.resend, { params: { id } }),
  show: (token: string) => callEndpoint(invitationsEndpoints.show, { query: { token } }, { public: true }),
  accept: (body: InvitationAcceptBody) => callEndpoint(invitationsEndpoints.accept, { body }, { public: true }),
};

export const invitationQueryKeys = {
  one: (token: string) => ['invitation', token] as const,
};
