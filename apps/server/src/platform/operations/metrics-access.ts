// /metrics is for the operator's scraper: open to a direct loopback connection, and otherwise only
// with METRICS_TOKEN as a bearer token. "Loopback" is the connection's own peer address, never
// request.ip: with TRUST_PROXY set, request.ip comes from X-Forwarded-For, which a client writes
// itself. A reverse proxy on the same host connects from loopback too, so a request that carries a
// forwarding header (a proxy passed it on, or a client pretends one did) is not a direct one and
// needs the token.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

export const isLoopback = (address: string | undefined) => address !== undefined && (address === '::1' || /^(::ffff:)?127\./.test(address));

export type MetricsCaller = { peerAddress: string | undefined; forwarded: boolean; bearer?: string };

export const mayReadMetrics = (caller: MetricsCaller, metricsToken?: string) => {
  if (isLoopback(caller.peerAddress) && !caller.forwarded) return true;
  if (!metricsToken || !caller.bearer) return false;
  return timingSafeEqual(digest(caller.bearer), digest(metricsToken));
};
