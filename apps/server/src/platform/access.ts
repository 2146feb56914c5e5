// Every route declares who may call it in `config.access`; a route without one stops the server
// at start-up, so nothing can be added unclassified. Tenant context comes from the token only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isOverdue } from '@atende/shared/due-date';
import { can, type Action, type Actor } from '@atende/shared/permissions';
import type { PlanFlag } from '@atende/shared/plans';
import type { Db } from '../db/client.ts';
import { companyPlanAllows, findActor, findSignedInActor } from './access.repo.ts';
import { isApiKey, type ApiKeyAuthentication } from './api-key-auth.ts';
import { AppError, forbidden } from './errors.ts';
import type { TokenService } from './tokens.ts';

export type Access = 'public' | 'tenant' | 'super';

export type TenantActor = Actor & {
  id: number;
  companyId: number;
  queueIds: number[];
  mustChangePassword: boolean;
  mustEnrollTwoFactor: boolean;
  companyDueDate: string;
};
// apiKeyId: the call came with an API key (issue 37 point 2) rather than a sign-in; its sessionId
// then names the key, for no sign-in stands behind it
export type TenantContext = { companyId: number; userId: number; sessionId: string; actor: TenantActor; apiKeyId?: number };

// Every classified route, for the safety sweeps that must visit each one.
export type RouteEntry = {
  method: string;
  url: string;
  access: Access;
  permission?: Action;
  planFlag?: PlanFlag;
  // the route's zod schemas, so sweeps can build valid and hostile requests from them
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    permission?: Action;
    // the plan feature flag (03-saas §3 Plan) that switches the route's area on: a company whose
    // plan lacks it gets 403 ERR_NO_PERMISSION, whatever its menu shows
    planFlag?: PlanFlag;
    // the few calls a user whose generated first password is still unchanged may make
    passwordChangeExempt?: boolean;
    // the few calls a user who must turn two-factor sign-in on (issue 38 point 4) may make first
    twoFactorEnrollmentExempt?: boolean;
    // the few calls an admin of an overdue company may make: reading and paying its invoices
    overdueAllowed?: boolean;
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

// 01-core §4 Session: an overdue company reaches nothing but its invoices, whether it comes with a
// user's token or a connection's (the external messages API).
export const assertNotOverdue = (companyId: number, dueDate: string) => {
  if (isOverdue(companyId, dueDate, new Date().toISOString().slice(0, 10))) throw new AppError('ERR_SUBSCRIPTION_OVERDUE', 402, { dueDate });
};

export const loadActor = async (db: Db, userId: number, companyId: number) => (await findActor(db, companyId, userId)) as TenantActor | undefined;

// Resolves a bearer token into a tenant context; shared by HTTP and Socket.IO.
export const authenticateToken = async (
  db: Db,
  tokens: TokenService,
  token: string | undefined,
  options: { passwordChangeExempt?: boolean; twoFactorEnrollmentExempt?: boolean } = {},
) => {
  // No token at all ends the session (401) and says so, as does a sign-in that has ended; a bad or
  // expired token asks for a refresh (403).
  if (!token) throw new AppError('ERR_TOKEN_MISSING', 401);
  const claims = await tokens.verifyAccess(token);
  const actor = (await findSignedInActor(db, claims)) as TenantActor | undefined;
  if (!actor) throw new AppError('ERR_SESSION_EXPIRED', 401);
  // A generated first password is replaced before anything else, sockets included.
  if (actor.mustChangePassword && !options.passwordChangeExempt) throw new AppError('ERR_PASSWORD_CHANGE_REQUIRED', 403);
  // Likewise a required second factor is turned on first (issue 38 point 4).
  if (actor.mustEnrollTwoFactor && !options.twoFactorEnrollmentExempt) throw new AppError('ERR_TWO_FACTOR_ENROLLMENT_REQUIRED', 403);
  return { companyId: actor.companyId, userId: actor.id, sessionId: claims.sessionId, actor } satisfies TenantContext;
};

export const registerAccessControl = (app: FastifyInstance, deps: { db: Db; tokens: TokenService; apiKeys: ApiKeyAuthentication }) => {
  app.decorateRequest('tenant', null as unknown as TenantContext);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (route.method === 'HEAD') return;
    if (!access) throw new Error(`Route ${route.method} ${route.url} has no access classification`);
    const permission = route.config?.permission;
    const planFlag = route.config?.planFlag;
    if (planFlag && access !== 'tenant') throw new Error(`Route ${route.method} ${route.url}: a plan flag needs tenant access`);
    const { params, querystring, body } = (route.schema ?? {}) as RouteEntry['schema'];
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, access, permission, planFlag, schema: { params, querystring, body } });
    }
    if (access === 'public') return;
    const guard = async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (isApiKey(token)) {
        const { keyId, actor } = await deps.apiKeys(token, { method: request.method, url: route.url, superOnly: access === 'super' });
        request.tenant = { companyId: actor.companyId, userId: actor.id, sessionId: `api-key:${keyId}`, actor: actor as TenantActor, apiKeyId: keyId };
      } else {
        request.tenant = await authenticateToken(deps.db, deps.tokens, token, {
          passwordChangeExempt: route.config?.passwordChangeExempt,
          twoFactorEnrollmentExempt: route.config?.twoFactorEnrollmentExempt,
        });
      }
      const { actor } = request.tenant;
      // 01-core §4 Session: an overdue company's sign-in reaches only its invoices (docs/billing.md)
      if (!route.config?.overdueAllowed) assertNotOverdue(actor.companyId, actor.companyDueDate);
      if (access === 'super' && !request.tenant.actor.super) throw forbidden();
      if (permission && !can(request.tenant.actor, permission)) throw forbidden();
      if (planFlag && !(await companyPlanAllows(deps.db, request.tenant.companyId, planFlag))) throw forbidden();
    };
    // onRequest, so an unauthenticated caller learns nothing from validation answers
    const existing = route.onRequest;
    route.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
  });
};
