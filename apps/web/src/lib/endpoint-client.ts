// The one way the web calls an endpoint of packages/shared/src/contract.ts: the path, the method
// and the answer's type come from the contract, so no path string and no answer type is written
// by hand here (issue 36 point 1).
import { pathOf, type Endpoint, type EndpointCall, type EndpointResult } from '@atende/shared/contract';
import { apiRequest, type RequestOptions } from './api-client.ts';

// a public call (sign-in, sign-up) neither sends nor refreshes the session
type CallOptions = Pick<RequestOptions, 'public' | 'signal'>;

// the call's parts may be left out when the endpoint takes none
type CallArguments<E extends Endpoint> = object extends EndpointCall<E> ? [call?: EndpointCall<E>, options?: CallOptions] : [call: EndpointCall<E>, options?: CallOptions];

export const callEndpoint = <E extends Endpoint>(endpoint: E, ...[call, options]: CallArguments<E>): Promise<EndpointResult<E>> => {
  const parts = (call ?? {}) as { params?: Record<string, unknown>; query?: RequestOptions['query']; body?: unknown };
  return apiRequest<EndpointResult<E>>(pathOf(endpoint, parts.params), { ...options, method: endpoint.method, query: parts.query, body: parts.body });
};

// An upload's endpoint has no body schema (its multipart body is read by the route): the form goes as it is.
export const sendFormToEndpoint = <E extends Endpoint>(endpoint: E, form: FormData, ...[call]: CallArguments<E>): Promise<EndpointResult<E>> => {
  const parts = (call ?? {}) as { params?: Record<string, unknown>; query?: RequestOptions['query'] };
  return apiRequest<EndpointResult<E>>(pathOf(endpoint, parts.params), { method: endpoint.method, query: parts.query, body: form });
};
