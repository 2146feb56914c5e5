// The Redis connection for shared counters and the readiness probe (the Socket.IO adapter keeps
// its own, since it blocks on stream reads). Commands fail at once while Redis is unreachable
// instead of queueing, so a request never waits on a Redis outage; callers decide what a failure
// means.
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

const redisClient = (url: string) =>
  createClient({
    url,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5000) },
  });

export type RedisClient = ReturnType<typeof redisClient>;

export const connectRedis = async (url: string, log: FastifyBaseLogger): Promise<RedisClient> => {
  const client = redisClient(url);
  client.on('error', (error: unknown) => log.warn({ err: error }, 'redis connection error'));
  await client.connect();
  return client;
};
