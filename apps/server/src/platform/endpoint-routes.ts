// Routes registered from the endpoint contracts of packages/shared/src/contract.ts (issue 36
// point 1): the path, the schemas the request is read with and the answer's schema come from the
// contract, so the server cannot drift from what the web and the OpenAPI document are told.
import type { Endpoint, EndpointAnswer, EndpointRequest } from '@atende/shared/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import { z, type ZodType } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    // the contract the route was registered from, read by the OpenAPI document
    endpoint?: Endpoint;
  }
}

// An answer given with another of the success statuses its contract names in alsoAnswers.
export class StatusAnswer<T> {
  constructor(
    readonly status: number,
    readonly answer: T,
  ) {}
}

type Answer<E extends Endpoint> = EndpointAnswer<E> | StatusAnswer<EndpointAnswer<E>>;
type Handler<E extends Endpoint> = (input: EndpointRequest<E>, request: FastifyRequest, reply: FastifyReply) => Promise<Answer<E>> | Answer<E>;

export const endpointRoute = <E extends Endpoint>(app: FastifyInstance, endpoint: E, config: FastifyContextConfig, handler: Handler<E>) => {
  const status = endpoint.status ?? 200;
  const route = (url: string, hide: boolean) =>
    app.route({
      method: endpoint.method,
      url,
      config: { ...config, endpoint },
      schema: {
        ...(hide && { hide }),
        ...(endpoint.params && { params: endpoint.params }),
        ...(endpoint.query && { querystring: endpoint.query }),
        ...(endpoint.body && { body: endpoint.body }),
        ...(endpoint.response && { response: Object.fromEntries([status, ...(endpoint.alsoAnswers ?? [])].map((code) => [code, endpoint.response])) }),
        ...(endpoint.security && { security: [{ [endpoint.security]: [] }] }),
      },
      handler: async (request, reply) => {
        const input = { params: request.params, query: request.query, body: request.body } as EndpointRequest<E>;
        const given = await handler(input, request, reply);
        const [code, answer] = given instanceof StatusAnswer ? [given.status, given.answer] : [status, given];
        // Fastify sends a string as it is, past the serializer: an answer that is a string is JSON text here
        if (typeof answer === 'string') return reply.status(code).type('application/json; charset=utf-8').send(JSON.stringify(answer));
        return reply.status(code).send(endpoint.response ? answer : undefined);
      },
    });
  route(endpoint.path, false);
  if (endpoint.specPath) route(endpoint.specPath, true);
};

// Answers are written through their schema: fields it does not name are dropped. In tests (strict)
// an answer that does not match fails the request that produced it, so the contract test over
// every route catches the drift; in production a mismatch is logged and the answer goes out as it
// is, rather than as a 500 for the user.
export const responseSerializer =
  (strict: boolean, log: (error: Error, url: string) => void): FastifySerializerCompiler<ZodType> =>
  ({ schema, url }) =>
  (data) => {
    const parsed = (schema as ZodType).safeParse(data);
    if (parsed.success) return JSON.stringify(parsed.data);
    const error = new Error(`the answer of ${url} does not match its schema: ${z.prettifyError(parsed.error)}`);
    if (strict) throw error;
    log(error, url);
    return JSON.stringify(data);
  };
