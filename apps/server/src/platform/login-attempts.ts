// Slows password guessing without letting anyone lock a user out. Failed sign-ins are counted
// per email and per client address in a window. From the maxFailuresPerEmail-th failure on, each
// failure makes the email wait before its next attempt: 1 s, 2 s, 4 s… up to maxDelaySeconds, so
// a stranger's failures cost the real user at most that wait, never the whole window. Past
// maxFailuresPerIp, the address waits for its window to end. A refused attempt is answered 429
// with Retry-After before the password is checked, and counts as nothing.
import { normalizeIP } from '@fastify/rate-limit';
import type { Clock } from './clock.ts';
import { tooManyRequests } from './errors.ts';
import type { CounterStore } from './rate-limit/counters.ts';

export type LoginLimits = { maxFailuresPerEmail: number; maxFailuresPerIp: number; windowSeconds: number; maxDelaySeconds: number };

export type LoginAttempts = ReturnType<typeof createLoginAttempts>;

const ipKey = (ip: string) => `login:ip:${normalizeIP(ip)}`;
const emailKeys = (email: string) => {
  const mail = email.trim().toLowerCase();
  return { failures: `login:email:${mail}`, wait: `login:wait:${mail}` };
};

// Seconds the email waits after its nth failure in the window: none before maxFailuresPerEmail,
// then 1, 2, 4… capped.
export const delayAfterFailure = (failures: number, limits: LoginLimits) => {
  if (failures < limits.maxFailuresPerEmail) return 0;
  return Math.min(2 ** Math.min(failures - limits.maxFailuresPerEmail, 30), limits.maxDelaySeconds);
};

export const createLoginAttempts = (deps: { counters: CounterStore; limits: LoginLimits; clock: Clock }) => {
  const { counters, limits } = deps;
  const now = () => deps.clock.now().getTime();
  const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - now()) / 1000));

  return {
    check: async (email: string, ip: string) => {
      const at = now();
      const [byIp, wait] = await Promise.all([counters.peek(ipKey(ip), at), counters.peek(emailKeys(email).wait, at)]);
      if (byIp.count >= limits.maxFailuresPerIp) throw tooManyRequests(secondsUntil(byIp.resetAt));
      if (wait.count > 0) throw tooManyRequests(secondsUntil(wait.resetAt));
    },
    recordFailure: async (email: string, ip: string) => {
      const key = emailKeys(email);
      const at = now();
      const windowMs = limits.windowSeconds * 1000;
      const [, byEmail] = await Promise.all([counters.hit(ipKey(ip), windowMs, at), counters.hit(key.failures, windowMs, at)]);
      const delay = delayAfterFailure(byEmail.count, limits);
      if (delay > 0) await counters.hit(key.wait, delay * 1000, at);
    },
    // the real user is in: the email starts afresh (the address keeps its count)
    recordSuccess: async (email: string) => {
      const key = emailKeys(email);
      await Promise.all([counters.clear(key.failures), counters.clear(key.wait)]);
    },
  };
};
