import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { mailLocaleOf } from '@atende/shared/mail';
import { signupVerificationEndpoints } from '@atende/shared/signup-verification';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { requestActor } from '../audit/request-actor.ts';
import type { SignupVerification } from './signup-verification.service.ts';

// Issue 38 point 3: public, so limited per client address as the sign-up itself is.
export const signupVerificationRoutes = (verification: SignupVerification, options: { limit: RateLimitOptions }): FastifyPluginAsync => async (app) => {
  const limited = { access: 'public', rateLimit: options.limit } as const;
  endpointRoute(app, signupVerificationEndpoints.verify, limited, ({ body }, request) => verification.verify(body.token, requestActor(request, null)));
  endpointRoute(app, signupVerificationEndpoints.resend, limited, ({ body }, request) => verification.resend(body.email, mailLocaleOf(request.headers['accept-language'])));
};
