import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { authEndpoints } from '@atende/shared/auth';
import type { SessionAnswer } from '@atende/shared/users';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { AppError } from '../../platform/errors.ts';
import { requestActor } from '../audit/request-actor.ts';
import { KNOWN_BROWSER_TTL_SECONDS } from '../../platform/tokens.ts';
import type { AuthService, IssuedSession, SignedIn } from './auth.service.ts';

export const REFRESH_COOKIE = 'jrt';
// the browser signed an account in before: it passes the per-address sign-in limits for that account
export const KNOWN_BROWSER_COOKIE = 'jkb';

// 01-core §7 auth calls. The refresh token lives only in an httpOnly cookie scoped to /auth.
// Sign-in failures are slowed down by the service (platform/login-attempts.ts); the refresh has its
// own request limit per client address.
export const authRoutes = (service: AuthService, options: { refreshTtlSeconds: number; refreshLimit: RateLimitOptions }): FastifyPluginAsync => async (app) => {
  const answer = (request: FastifyRequest, reply: FastifyReply, session: IssuedSession): SessionAnswer => {
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      path: '/auth',
      maxAge: options.refreshTtlSeconds,
    });
    const { refreshToken: _hidden, overdueDueDate: _overdue, ...body } = session;
    return body;
  };
  const refreshCookie = (request: FastifyRequest) => request.cookies[REFRESH_COOKIE];

  const loginCaller = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    knownBrowserToken: request.cookies[KNOWN_BROWSER_COOKIE],
  });
  // An overdue company's admin is still refused (402 with the due date) but gets its session along,
  // which reaches only the invoices, so the overdue landing can offer the payment; the cookies set
  // before the refusal go out with it.
  const signedIn = (request: FastifyRequest, reply: FastifyReply, { knownBrowserToken, ...session }: SignedIn) => {
    const body = answer(request, reply, session);
    reply.setCookie(KNOWN_BROWSER_COOKIE, knownBrowserToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      path: '/auth/login',
      maxAge: KNOWN_BROWSER_TTL_SECONDS,
    });
    if (!session.overdueDueDate) return body;
    throw new AppError('ERR_SUBSCRIPTION_OVERDUE', 402, { dueDate: session.overdueDueDate, ...body });
  };

  // a user with two-factor sign-in on gets a challenge instead, and no cookie yet (issue 38 point 4)
  endpointRoute(app, authEndpoints.login, { access: 'public' }, async ({ body: credentials }, request, reply) => {
    const result = await service.login(credentials, loginCaller(request));
    return 'challenge' in result ? result : signedIn(request, reply, result);
  });

  endpointRoute(app, authEndpoints.loginTwoFactor, { access: 'public' }, async ({ body }, request, reply) =>
    signedIn(request, reply, await service.loginTwoFactor(body, loginCaller(request))),
  );

  endpointRoute(app, authEndpoints.refresh, { access: 'public', rateLimit: options.refreshLimit }, async (_input, request, reply) => {
    try {
      return answer(request, reply, await service.refresh(refreshCookie(request), { ip: request.ip, userAgent: request.headers['user-agent'] }));
    } catch (error) {
      reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
      throw error;
    }
  });

  endpointRoute(app, authEndpoints.logout, { access: 'public' }, async (_input, request, reply) => {
    await service.logout(refreshCookie(request));
    reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
  });

  const ownSession = { access: 'tenant', passwordChangeExempt: true, twoFactorEnrollmentExempt: true, overdueAllowed: true } as const;
  endpointRoute(app, authEndpoints.me, ownSession, (_input, request) => service.me(request.tenant.companyId, request.tenant.userId));
  endpointRoute(app, authEndpoints.changePassword, ownSession, ({ body }, request) => service.changePassword(request.tenant, body, requestActor(request)));
};
