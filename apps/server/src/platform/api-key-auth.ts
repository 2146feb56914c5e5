// API-key authentication (issue 37 point 2): `Authorization: Bearer atk_…` acts as the key's user
// in the key's company, so the user's permissions, the plan and the overdue gate apply as they do
// to the user's own sign-in (access.ts), and on top of them the key's scopes: a route whose area
// the key lacks, or that no key may call, answers 403. A key unknown, revoked or expired is a 401.
import { API_KEY_MARK, apiKeyAllows, apiKeyAreaOfPath, apiKeyScopeFor } from '@atende/shared/api-keys';
import type { Db } from '../db/client.ts';
import { findApiKeyActor, touchApiKey } from './access.repo.ts';
import { AppError, forbidden, tooManyRequests } from './errors.ts';
import type { CounterStore } from './rate-limit/counters.ts';
import { sha256Hex } from './sha256.ts';

const LAST_USE_STEP_MS = 60_000;

export const isApiKey = (token: string | undefined): token is string => token?.startsWith(API_KEY_MARK) === true;

// A key is 32 random bytes, so a fast hash is as safe as a slow one and costs nothing per call.
export const hashApiKey = sha256Hex;

export type ApiKeyLimits = { maxPerKey: number; windowSeconds: number };

export const createApiKeyAuthentication = (deps: { db: Db; counters: CounterStore; limits: ApiKeyLimits }) => {
  const countCall = async (keyId: number) => {
    const now = Date.now();
    const { count, resetAt } = await deps.counters.hit(`requests:api-key:${keyId}`, deps.limits.windowSeconds * 1000, now);
    if (count > deps.limits.maxPerKey) throw tooManyRequests(Math.max(1, Math.ceil((resetAt - now) / 1000)));
  };

  return async (key: string, route: { method: string; url: string; superOnly: boolean }) => {
    const row = await findApiKeyActor(deps.db, hashApiKey(key));
    if (!row?.usable) throw new AppError('ERR_SESSION_EXPIRED', 401);
    await countCall(row.keyId);
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USE_STEP_MS) await touchApiKey(deps.db, row.keyId);
    const { keyId, scopes, lastUsedAt: _, usable: __, planAllows, ...actor } = row;
    if (actor.mustChangePassword) throw new AppError('ERR_PASSWORD_CHANGE_REQUIRED', 403);
    // keys belong to the plan's external API: a plan that drops it stops its keys at once
    if (!planAllows || route.superOnly) throw forbidden();
    const area = apiKeyAreaOfPath(route.url);
    if (!area || !apiKeyAllows(scopes, apiKeyScopeFor(area, route.method))) throw forbidden();
    return { keyId, actor };
  };
};

export type ApiKeyAuthentication = ReturnType<typeof createApiKeyAuthentication>;
