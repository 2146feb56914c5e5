import { mailEndpoints } from '@atende/shared/mail';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from './endpoint-client.ts';

export const emailDeliveryQueryKey = ['email-delivery'] as const;

// Whether the server sends email (issue 38 point 1): the screens that would promise a mail
// (invitations, password reset) say so when it does not. Unknown while loading.
export const useEmailDelivery = () =>
  useQuery({
    queryKey: emailDeliveryQueryKey,
    queryFn: () => callEndpoint(mailEndpoints.delivery, undefined, { public: true }),
    staleTime: 5 * 60_000,
  }).data?.enabled;
