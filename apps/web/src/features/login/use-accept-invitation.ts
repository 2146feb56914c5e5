import type { InvitationAcceptBody } from '@atende/shared/invitations';
import { useMutation, useQuery } from '@tanstack/react-query';
import { invitationQueryKeys, invitationsApi } from '../users/invitations-api.ts';

// the invitation behind a mailed link: a used, expired or forged one answers ERR_INVALID_TOKEN
export const useInvitation = (token: string) =>
  useQuery({ queryKey: invitationQueryKeys.one(token), queryFn: () => invitationsApi.show(token), enabled: token !== '', retry: false });

export const useAcceptInvitation = () => useMutation({ mutationFn: (body: InvitationAcceptBody) => invitationsApi.accept(body) });
