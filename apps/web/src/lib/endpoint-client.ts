// The one way the web calls an endpoint of packages/shared/src/contract.ts: the path, the method
// and the answer's type come from the contract, so no path string and no answer type is written
// by hand here (issue 36 point 1).
import { pathOf, type Endpoint, type EndpointCall, type EndpointResult } from '@atende/shared/contract';
import { apiRequest, type RequestOptions } from './api-client.ts';

// the call's parts may be left out when the endpoint takes none
type CallArguments<E extends Endpoint> = object extends EndpointCall<E> ? [call?: EndpointCall<E>] : [call: EndpointCall<E>];

export const callEndpoint = <E extends Endpoint>(endpoint: E, ...[call]: CallArguments<E>): Promise<EndpointResult<E>> => {
  const parts = (call ?? {}) as { params?: Record<string, unknown>; query?: RequestOptions['query']; body?: unknown };
  return apiRequest<EndpointResult<E>>(pathOf(endpoint, parts.params), { method: endpoint.method, query: parts.query, body: parts.body });
};
