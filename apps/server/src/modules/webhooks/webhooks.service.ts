// The /webhooks screen's use cases (issue 37 point 1): endpoints with their sealed signing secret
// (answered only when made or rotated), their recent deliveries, a resend and a test event.
import { randomBytes } from 'node:crypto';
import {
  RECENT_WEBHOOK_DELIVERIES,
  WEBHOOK_TEST_EVENT,
  type WebhookEndpointInput,
  type WebhookEndpointUpdateBody,
} from '@atende/shared/webhooks';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { OutboundHttp } from '../../platform/outbound-http.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { recordAudit, recordUpdate, type AuditActor } from '../audit/audit.steps.ts';
import { enqueueWebhookDelivery } from './webhook-delivery.jobs.ts';
import * as repo from './webhooks.repo.ts';
import { webhookEnvelope } from './webhooks.steps.ts';
import { toWebhookDeliveryView, toWebhookEndpointView } from './webhooks.view.ts';

const endpointNotFound = () => notFound('ERR_NOT_FOUND');

// whsec_ and 32 random bytes: what the receiver keys its HMAC with
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

type Deps = {
  db: Db;
  secrets: SecretBox;
  outbound: OutboundHttp;
  // production: deliveries go over https only (development and tests reach plain http receivers)
  requireHttps: boolean;
};

export const createWebhooksService = ({ db, secrets, outbound, requireHttps }: Deps) => {
  const checkUrl = async (url: string) => {
    if (requireHttps && new URL(url).protocol !== 'https:') throw invalidField('body.url', 'webhooks.httpsRequired');
    if (await outbound.resolvesToRefused(url)) throw new AppError('ERR_OUTBOUND_ADDRESS_REFUSED', 400);
  };

  const endpointOf = async (tenant: TenantContext, endpointId: number) => {
    const endpoint = await repo.findEndpoint(db, tenant.companyId, endpointId);
    if (!endpoint) throw endpointNotFound();
    return endpoint;
  };

  return {
    list: async (tenant: TenantContext) => ({ endpoints: (await repo.listEndpoints(db, tenant.companyId)).map(toWebhookEndpointView) }),

    create: async (tenant: TenantContext, body: WebhookEndpointInput, actor: AuditActor) => {
      await checkUrl(body.url);
      const secret = newSecret();
      const endpoint = await withTransaction(db, async (tx) => {
        const inserted = await repo.insertEndpoint(tx, tenant.companyId, { ...body, secret: secrets.seal(secret) });
        await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'webhookEndpoint.create', entityType: 'webhookEndpoint', entityId: inserted.id, after: inserted });
        return inserted;
      });
      return { endpoint: toWebhookEndpointView(endpoint), secret };
    },

    update: async (tenant: TenantContext, endpointId: number, body: WebhookEndpointUpdateBody, actor: AuditActor) => {
      await endpointOf(tenant, endpointId);
      if (body.url !== undefined) await checkUrl(body.url);
      // switched on or off by an admin: whatever the server had decided is forgotten
      const reset = body.active === undefined ? {} : { disabledReason: null, failingSince: null };
      const endpoint = await withTransaction(db, async (tx) => {
        const current = await repo.findEndpoint(tx, tenant.companyId, endpointId);
        const updated = current && (await repo.updateEndpoint(tx, tenant.companyId, endpointId, { ...body, ...reset }));
        if (!current || !updated) throw endpointNotFound();
        await recordUpdate(tx, actor, { companyId: tenant.companyId, action: 'webhookEndpoint.update', entityType: 'webhookEndpoint', entityId: endpointId }, current, updated);
        return updated;
      });
      return toWebhookEndpointView(endpoint);
    },

    remove: async (tenant: TenantContext, endpointId: number, actor: AuditActor) => {
      await withTransaction(db, async (tx) => {
        const current = await repo.findEndpoint(tx, tenant.companyId, endpointId);
        if (!current || !(await repo.deleteEndpoint(tx, tenant.companyId, endpointId))) throw endpointNotFound();
        await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'webhookEndpoint.delete', entityType: 'webhookEndpoint', entityId: endpointId, before: current });
      });
      return { message: 'Webhook endpoint deleted' };
    },

    rotateSecret: async (tenant: TenantContext, endpointId: number, actor: AuditActor) => {
      const secret = newSecret();
      const endpoint = await withTransaction(db, async (tx) => {
        const current = await repo.findEndpoint(tx, tenant.companyId, endpointId);
        const updated = current && (await repo.updateEndpoint(tx, tenant.companyId, endpointId, { secret: secrets.seal(secret) }));
        if (!current || !updated) throw endpointNotFound();
        const entry = { companyId: tenant.companyId, action: 'webhookEndpoint.rotateSecret', entityType: 'webhookEndpoint', entityId: endpointId } as const;
        await recordAudit(tx, actor, { ...entry, before: { secret: current.secret }, after: { secret: updated.secret } });
        return updated;
      });
      return { endpoint: toWebhookEndpointView(endpoint), secret };
    },

    deliveries: async (tenant: TenantContext, endpointId: number) => {
      await endpointOf(tenant, endpointId);
      const rows = await repo.recentDeliveries(db, tenant.companyId, endpointId, RECENT_WEBHOOK_DELIVERIES);
      return { deliveries: rows.map(toWebhookDeliveryView) };
    },

    // the same event id again: a receiver that kept it may ignore it
    resend: (tenant: TenantContext, endpointId: number, deliveryId: number) =>
      withTransaction(db, async (tx) => {
        if (!(await repo.findDeliveryOfEndpoint(tx, tenant.companyId, endpointId, deliveryId))) throw endpointNotFound();
        const delivery = await repo.updateDelivery(tx, tenant.companyId, deliveryId, { state: 'pending', attempts: 0, lastError: null });
        await enqueueWebhookDelivery(tx, { companyId: tenant.companyId, deliveryId });
        return toWebhookDeliveryView(delivery!);
      }),

    sendTest: (tenant: TenantContext, endpointId: number) =>
      withTransaction(db, async (tx) => {
        const endpoint = await repo.findEndpoint(tx, tenant.companyId, endpointId);
        if (!endpoint) throw endpointNotFound();
        const envelope = webhookEnvelope(tenant.companyId, WEBHOOK_TEST_EVENT, { endpointId, message: 'A test event sent from the webhooks screen' });
        const [inserted] = await repo.insertDeliveries(tx, [{ companyId: tenant.companyId, endpointId, eventId: envelope.id, event: envelope.event, payload: envelope }]);
        await enqueueWebhookDelivery(tx, { companyId: tenant.companyId, deliveryId: inserted.id });
        return toWebhookDeliveryView((await repo.findDelivery(tx, tenant.companyId, inserted.id))!);
      }),
  };
};

export type WebhooksService = ReturnType<typeof createWebhooksService>;
