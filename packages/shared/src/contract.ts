// One object per endpoint (issue 36 point 1): its method, path, the schemas of what it takes and
// what it answers, and the error codes it may answer. The server registers its route from it
// (apps/server/src/platform/endpoint-routes.ts, with the answer's schema) and the web calls it
// through one typed client (apps/web/src/lib/endpoint-client.ts), so a path or an answer's shape is
// written once, here, and a change to it fails the type check on both sides.
import { z } from 'zod';
import type { ErrorCode } from './errors.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Endpoint = {
  method: Method;
  // Fastify's form: /helps/:id
  path: string;
  // the path the spec writes, when OpenAPI cannot hold it beside another (DELETE /messages/{id}
  // beside /messages/{ticketId}): answered too, for the clients of the family, but left out of the
  // document, which names `path`
  specPath?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  // null: answered 204 with no body
  response: z.ZodType | null;
  // the status of a success: 200 unless given (201 for a creation)
  status?: 200 | 201 | 204;
  // other success statuses it may answer, with the same answer's schema (the sandbox's inbound
  // message: 201 stored, 200 a duplicate, 202 dropped)
  alsoAnswers?: readonly (200 | 201 | 202)[];
  operationId: string;
  summary: string;
  // how a caller that is not a signed-in user proves itself (an OpenAPI security scheme): the
  // external messages API takes a connection's token
  security?: 'connectionToken';
  // the errors it answers by status, beside validation (400 ERR_VALIDATION) and the session's
  // (401, 403 ERR_NO_PERMISSION)
  errors?: Partial<Record<400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 503, readonly ErrorCode[]>>;
};

export const defineEndpoint = <const E extends Endpoint>(endpoint: E) => endpoint;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

// What a route's handler reads (parsed and defaulted) and what it answers.
export type EndpointRequest<E extends Endpoint> = { params: Output<E['params']>; query: Output<E['query']>; body: Output<E['body']> };
export type EndpointAnswer<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : void;

// What a caller sends and gets back: the input of the schemas, the answer as parsed JSON.
// a part whose fields are all optional (a query of filters) may be left out too
type Present<K extends string, V> = undefined extends V ? { [P in K]?: V } : object extends V ? { [P in K]?: V } : { [P in K]: V };
export type EndpointCall<E extends Endpoint> = Present<'params', Input<E['params']>> & Present<'query', Input<E['query']>> & Present<'body', Input<E['body']>>;
export type EndpointResult<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : undefined;

// The path with its :names replaced by the values given, each encoded.
export const pathOf = (endpoint: Endpoint, params: Record<string, unknown> = {}) =>
  endpoint.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.operationId} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
