// Request logs keep the URL without its secrets: the Pix webhook's secret travels in its path
// (/subscription/webhook/<secret>, as Efí calls it), Meta's handshake sends hub.verify_token in
// the query, and any query parameter named like a token, secret or password is treated the same.
// A log line goes to files and log services that more people read than may call these routes.
import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';
const SECRET_PATH = /^(\/subscription\/webhook\/)[^/?#]*/i;
const SECRET_PARAMETER = /token|secret|password/i;

const parameterName = (name: string) => {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
};

export const redactUrl = (url: string) => {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equalsAt = pair.indexOf('=');
      const name = equalsAt === -1 ? pair : pair.slice(0, equalsAt);
      return SECRET_PARAMETER.test(parameterName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
};

// Fastify's own request serializer with the URL redacted (the same fields it logs by default).
export const requestLogSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  version: [request.headers['accept-version']].flat()[0],
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
