// The counters in Redis, so every process of a deployment counts the same requests and failed
// sign-ins. Each key is a hash {count, resetAt}; one script reads and updates it atomically. The
// key expires with its window, so Redis keeps nothing after the window ends.
import type { RedisClient } from '../redis.ts';
import type { CounterStore, WindowCount } from './counters.ts';

const HIT = `
local now = tonumber(ARGV[1])
local state = redis.call('HMGET', KEYS[1], 'count', 'resetAt')
local count = tonumber(state[1])
local resetAt = tonumber(state[2])
if not count or not resetAt or resetAt <= now then
  count = 0
  resetAt = now + tonumber(ARGV[2])
end
count = count + 1
redis.call('HSET', KEYS[1], 'count', count, 'resetAt', resetAt)
redis.call('PEXPIRE', KEYS[1], math.max(resetAt - now, 1))
return {count, resetAt}
`;

const asWindow = (reply: unknown): WindowCount => {
  const [count, resetAt] = reply as [number, number];
  return { count: Number(count), resetAt: Number(resetAt) };
};

export const createRedisCounters = (redis: RedisClient, prefix: string): CounterStore => ({
  hit: async (key, windowMs, now) =>
    asWindow(await redis.eval(HIT, { keys: [prefix + key], arguments: [String(now), String(windowMs)] })),
  peek: async (key, now) => {
    const [count, resetAt] = await redis.hmGet(prefix + key, ['count', 'resetAt']);
    return count && resetAt && Number(resetAt) > now ? { count: Number(count), resetAt: Number(resetAt) } : { count: 0, resetAt: now };
  },
  clear: async (key) => {
    await redis.del(prefix + key);
  },
});
