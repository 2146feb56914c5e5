// Every route declares who may call it in `config.access`; a route without one stops the server
// at start-up, so nothing can be added unclassified. Tenant context comes from the token only.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, permissionFlags, type Action, type Actor } from '@atende/shared/permissions';
import type { Db } from '../db/client.ts';
import { userQueues, users } from '../db/schema.ts';
import { AppError, forbidden } from './errors.ts';
import type { TokenService } from './tokens.ts';

export type Access = 'public' | 'tenant' | 'super';

// queueIds ride along with the user row: ticket visibility needs them on most requests, and one
// statement per request is cheaper than two.
export type TenantActor = Actor & { id: number; companyId: number; queueIds: number[] };
export type TenantContext = { companyId: number; userId: number; sessionId: string; actor: TenantActor };

// Every classified route, for the safety sweeps that must visit each one.
export type RouteEntry = {
  method: string;
  url: string;
  access: Access;
  permission?: Action;
  // the route's zod schemas, so sweeps can build valid and hostile requests from them
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    permission?: Action;
  }
  interface FastifyRequest {
    tenant: TenantContext;
  }
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
};

const actorColumns = {
  id: users.id,
  companyId: users.companyId,
  profile: users.profile,
  super: users.super,
  ...Object.fromEntries(permissionFlags.map((flag) => [flag, users[flag]])),
  queueIds: sql<number[]>`coalesce((select array_agg(${userQueues.queueId}) from ${userQueues} where ${userQueues.userId} = ${users.id} and ${userQueues.companyId} = ${users.companyId}), '{}')`,
} as const;

export const loadActor = async (db: Db, userId: number, companyId: number): Promise<TenantActor | undefined> => {
  const [row] = await db
    .select(actorColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .limit(1);
  return row as TenantActor | undefined;
};

// Resolves a bearer token into a tenant context; shared by HTTP and Socket.IO.
export const authenticateToken = async (db: Db, tokens: TokenService, token: string | undefined) => {
  // No token at all ends the session (401); a bad or expired one asks for a refresh (403).
  if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401);
  const claims = await tokens.verifyAccess(token);
  const actor = await loadActor(db, claims.userId, claims.companyId);
  if (!actor) throw new AppError('ERR_SESSION_EXPIRED', 401);
  return { companyId: actor.companyId, userId: actor.id, sessionId: claims.sessionId, actor } satisfies TenantContext;
};

export const registerAccessControl = (app: FastifyInstance, deps: { db: Db; tokens: TokenService }) => {
  app.decorateRequest('tenant', null as unknown as TenantContext);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (route.method === 'HEAD') return;
    if (!access) throw new Error(`Route ${route.method} ${route.url} has no access classification`);
    const permission = route.config?.permission;
    const { params, querystring, body } = (route.schema ?? {}) as RouteEntry['schema'];
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, access, permission, schema: { params, querystring, body } });
    }
    if (access === 'public') return;
    const guard = async (request: FastifyRequest) => {
      request.tenant = await authenticateToken(deps.db, deps.tokens, bearerToken(request));
      if (access === 'super' && !request.tenant.actor.super) throw forbidden();
      if (permission && !can(request.tenant.actor, permission)) throw forbidden();
    };
    // onRequest, so an unauthenticated caller learns nothing from validation answers
    const existing = route.onRequest;
    route.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
  });
};
