// /metrics is for the operator's scraper: open to loopback, and elsewhere only with METRICS_TOKEN
// as a bearer token. Behind a reverse proxy on the same host every request comes from loopback,
// so TRUST_PROXY must be set there for the client's own address to be judged.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

export const isLoopback = (ip: string) => ip === '::1' || /^(::ffff:)?127\./.test(ip);

export const mayReadMetrics = (caller: { ip: string; bearer?: string }, metricsToken?: string) => {
  if (isLoopback(caller.ip)) return true;
  if (!metricsToken || !caller.bearer) return false;
  return timingSafeEqual(digest(caller.bearer), digest(metricsToken));
};
