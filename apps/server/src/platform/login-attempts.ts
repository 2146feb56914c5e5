// Caps password guessing without letting a stranger lock the real user out (docs/security.md,
// "Sign-in limits"). Failed sign-ins are counted in a window, three ways:
// - per account (email), from anywhere: from the maxFailuresPerEmail-th failure on, each failure
//   makes the account's next attempt wait 1 s, 2 s, 4 s… up to maxDelaySeconds. This caps guessing
//   spread over many addresses, and costs the real user at most that wait.
// - per address and account: past maxFailuresPerIpAndEmail the address may not try that account
//   again until the window ends (one address hammering one account).
// - per address, the distinct accounts that failed from it: past maxAccountsPerIp the address is
//   refused for every account until the window ends (one address trying a password on account
//   after account). One account mistyped many times counts once, so a user's typos behind a shared
//   address (an office, a proxy) do not shut the others out.
// A known client (a browser that this account signed in from before, or the account's own session
// changing its password) passes the two address limits: they are there to stop strangers guessing,
// and its failures count for the account only. A refused attempt is answered 429 with Retry-After
// before the password is checked, and counts as nothing.
import { normalizeIP } from '@fastify/rate-limit';
import type { Clock } from './clock.ts';
import { tooManyRequests } from './errors.ts';
import type { CounterStore } from './rate-limit/counters.ts';

export type LoginLimits = {
  maxFailuresPerEmail: number;
  maxDelaySeconds: number;
  maxFailuresPerIpAndEmail: number;
  maxAccountsPerIp: number;
  windowSeconds: number;
};

// who is trying: the client's address, and whether it is known to the account
export type LoginClient = { ip: string; known: boolean };

export type LoginAttempts = ReturnType<typeof createLoginAttempts>;

// the form every sign-in limit (and the known-browser cookie) names an account by
export const accountKey = (email: string) => email.trim().toLowerCase();

const keys = (email: string, ip: string) => {
  const account = accountKey(email);
  const address = normalizeIP(ip);
  return {
    failures: `login:email:${account}`,
    wait: `login:wait:${account}`,
    pair: `login:pair:${address}:${account}`,
    accounts: `login:accounts:${address}`,
  };
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
    check: async (email: string, client: LoginClient) => {
      const key = keys(email, client.ip);
      const at = now();
      const [wait, pair, accounts] = await Promise.all([
        counters.peek(key.wait, at),
        client.known ? undefined : counters.peek(key.pair, at),
        client.known ? undefined : counters.peek(key.accounts, at),
      ]);
      if (pair && pair.count >= limits.maxFailuresPerIpAndEmail) throw tooManyRequests(secondsUntil(pair.resetAt));
      if (accounts && accounts.count >= limits.maxAccountsPerIp) throw tooManyRequests(secondsUntil(accounts.resetAt));
      if (wait.count > 0) throw tooManyRequests(secondsUntil(wait.resetAt));
    },
    recordFailure: async (email: string, client: LoginClient) => {
      const key = keys(email, client.ip);
      const at = now();
      const windowMs = limits.windowSeconds * 1000;
      const [byEmail, byPair] = await Promise.all([
        counters.hit(key.failures, windowMs, at),
        client.known ? undefined : counters.hit(key.pair, windowMs, at),
      ]);
      // the pair's first failure in its window is one more account failed from the address (one
      // atomic hit decides it, so two processes cannot both count it)
      const pending: Promise<unknown>[] = byPair?.count === 1 ? [counters.hit(key.accounts, windowMs, at)] : [];
      const delay = delayAfterFailure(byEmail.count, limits);
      if (delay > 0) pending.push(counters.hit(key.wait, delay * 1000, at));
      await Promise.all(pending);
    },
    // the real user is in: the account starts afresh, from anywhere and from this address (the
    // address keeps its count of accounts failed, or signing in to one's own account would reset it)
    recordSuccess: async (email: string, client: LoginClient) => {
      const key = keys(email, client.ip);
      await Promise.all([counters.clear(key.failures), counters.clear(key.wait), counters.clear(key.pair)]);
    },
  };
};
