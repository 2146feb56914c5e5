// Counts failed sign-ins per email and per IP in a sliding window; past the limit the login
// answers 429 before the password is checked. Kept in process memory: with several processes
// each keeps its own counts, which still bounds guessing to limit x processes.
import { AppError } from './errors.ts';

type Window = { failures: number[] };

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export const createLoginThrottle = (limits: {
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
}) => {
  const byKey = new Map<string, Window>();
  const windowMs = limits.windowSeconds * 1000;

  const recent = (key: string, now: number) => {
    const entry = byKey.get(key);
    if (!entry) return 0;
    entry.failures = entry.failures.filter((at) => now - at < windowMs);
    if (entry.failures.length === 0) byKey.delete(key);
    return entry.failures.length;
  };

  const keys = (email: string, ip: string) => ({ email: `email:${email.toLowerCase()}`, ip: `ip:${ip}` });

  return {
    check: (email: string, ip: string, now = Date.now()) => {
      const k = keys(email, ip);
      if (recent(k.email, now) >= limits.maxFailuresPerEmail || recent(k.ip, now) >= limits.maxFailuresPerIp) {
        throw new AppError('ERR_TOO_MANY_REQUESTS', 429);
      }
    },
    recordFailure: (email: string, ip: string, now = Date.now()) => {
      for (const key of Object.values(keys(email, ip))) {
        const entry = byKey.get(key) ?? { failures: [] };
        entry.failures.push(now);
        byKey.set(key, entry);
      }
    },
    reset: (email: string) => byKey.delete(keys(email, '').email),
  };
};
