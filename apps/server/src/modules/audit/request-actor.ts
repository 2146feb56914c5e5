import type { FastifyRequest } from 'fastify';
import type { AuditActor } from './audit.steps.ts';

// The audit actor of a request: its signed-in user (or API key) and where it came from.
export const requestActor = (request: FastifyRequest, userId: number | null = request.tenant?.userId ?? null): AuditActor => ({
  userId,
  ...(request.tenant?.apiKeyId !== undefined ? { apiKeyId: request.tenant.apiKeyId } : {}),
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
