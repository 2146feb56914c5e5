// /ready: each probe must answer within its time; one failure makes the process not ready.
import type { FastifyBaseLogger } from 'fastify';

export type ReadinessProbes = Record<string, () => Promise<void>>;
// reasons: why each failed probe failed (an error's message: no secrets go in one)
export type Readiness = { ready: boolean; checks: Record<string, 'ok' | 'failed'>; reasons: Record<string, string> };

const PROBE_TIMEOUT_MS = 3000;

const within = async (work: Promise<void>, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

export const checkReadiness = async (probes: ReadinessProbes, log: FastifyBaseLogger): Promise<Readiness> => {
  const results = await Promise.all(
    Object.entries(probes).map(async ([name, probe]) => {
      try {
        await within(probe(), PROBE_TIMEOUT_MS);
        return [name, 'ok', undefined] as const;
      } catch (error) {
        log.warn({ err: error, probe: name }, 'readiness probe failed');
        return [name, 'failed', error instanceof Error ? error.message : String(error)] as const;
      }
    }),
  );
  return {
    ready: results.every(([, result]) => result === 'ok'),
    checks: Object.fromEntries(results.map(([name, result]) => [name, result])),
    reasons: Object.fromEntries(results.flatMap(([name, , reason]) => (reason === undefined ? [] : [[name, reason]]))),
  };
};
