import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, passwordChangeBody } from '@atende/shared/auth';
import type { SessionAnswer } from '@atende/shared/users';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { KNOWN_BROWSER_TTL_SECONDS } from '../../platform/tokens.ts';
import type { AuthService, IssuedSession } from './auth.service.ts';

export const REFRESH_COOKIE = 'jrt';
// the browser signed an account in before: it passes the per-address sign-in limits for that account
export const KNOWN_BROWSER_COOKIE = 'jkb';

// 01-core §7 auth calls. The refresh token lives only in an httpOnly cookie scoped to /auth.
// Sign-in failures are slowed down by the service (platform/login-attempts.ts); the refresh has its
// own request limit per client address.
export const authRoutes = (service: AuthService, options: { refreshTtlSeconds: number; refreshLimit: RateLimitOptions }): FastifyPluginAsyncZod => async (app) => {
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

  // An overdue company's admin is still refused (402 with the due date) but gets its session along,
  // which reaches only the invoices, so the overdue landing can offer the payment.
  app.post('/auth/login', { config: { access: 'public' }, schema: { body: loginBody } }, async (request, reply) => {
    const { knownBrowserToken, ...session } = await service.login(request.body, { ip: request.ip, knownBrowserToken: request.cookies[KNOWN_BROWSER_COOKIE] });
    const body = answer(request, reply, session);
    reply.setCookie(KNOWN_BROWSER_COOKIE, knownBrowserToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      path: '/auth/login',
      maxAge: KNOWN_BROWSER_TTL_SECONDS,
    });
    if (!session.overdueDueDate) return body;
    return reply.status(402).send({ error: 'ERR_SUBSCRIPTION_OVERDUE', dueDate: session.overdueDueDate, ...body });
  });

  app.post('/auth/refresh_token', { config: { access: 'public', rateLimit: options.refreshLimit } }, async (request, reply) => {
    try {
      return answer(request, reply, await service.refresh(refreshCookie(request)));
    } catch (error) {
      reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
      throw error;
    }
  });

  app.delete('/auth/logout', { config: { access: 'public' } }, async (request, reply) => {
    await service.logout(refreshCookie(request));
    reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
    return reply.status(204).send();
  });

  app.get('/auth/me', { config: { access: 'tenant', passwordChangeExempt: true, overdueAllowed: true } }, (request) =>
    service.me(request.tenant.companyId, request.tenant.userId),
  );

  app.put(
    '/auth/password',
    { config: { access: 'tenant', passwordChangeExempt: true, overdueAllowed: true }, schema: { body: passwordChangeBody } },
    (request) => service.changePassword(request.tenant, request.body, request.ip),
  );
};
