// Request ids unique across processes (issue 34 point 6): a proxy's or a caller's X-Request-Id is
// kept when it looks like an id, so one request is followed through every hop's logs; anything
// else (absent, too long, characters that could forge log fields) gets a random UUID. The id is in
// every log line of the request (Fastify's reqId), in the X-Request-Id answer header, and in the
// body of a 500 (platform/errors.ts).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

const wellFormed = /^[A-Za-z0-9._:-]{1,128}$/;

export const requestIdOf = (request: IncomingMessage) => {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && wellFormed.test(given) ? given : randomUUID();
};

// the first hook of all, so answers that an earlier hook ends (a 404, a rate limit, an error) carry it
export const echoRequestId = (app: FastifyInstance) =>
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
