import { sessionsEndpoints } from '@atende/shared/sessions';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const sessionsApi = {
  list: () => callEndpoint(sessionsEndpoints.list),
  end: (sessionId: string) => callEndpoint(sessionsEndpoints.end, { params: { sessionId } }),
  endOthers: () => callEndpoint(sessionsEndpoints.endOthers),
};

export const sessionsQueryKeys = {
  list: ['auth-sessions'] as const,
};
