import { webhooksEndpoints, type WebhookEndpointBody, type WebhookEndpointUpdateBody } from '@atende/shared/webhooks';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const webhooksApi = {
  list: () => callEndpoint(webhooksEndpoints.list),
  create: (body: WebhookEndpointBody) => callEndpoint(webhooksEndpoints.create, { body }),
  update: (id: number, body: WebhookEndpointUpdateBody) => callEndpoint(webhooksEndpoints.update, { params: { endpointId: id }, body }),
  remove: (id: number) => callEndpoint(webhooksEndpoints.remove, { params: { endpointId: id } }),
  rotateSecret: (id: number) => callEndpoint(webhooksEndpoints.rotateSecret, { params: { endpointId: id } }),
  deliveries: (id: number) => callEndpoint(webhooksEndpoints.deliveries, { params: { endpointId: id } }),
  resend: (id: number, deliveryId: number) => callEndpoint(webhooksEndpoints.resend, { params: { endpointId: id, deliveryId } }),
  sendTest: (id: number) => callEndpoint(webhooksEndpoints.sendTest, { params: { endpointId: id } }),
};

export const webhooksQueryKeys = {
  list: ['webhook-endpoints'] as const,
  deliveries: (id: number) => ['webhook-endpoints', id, 'deliveries'] as const,
};
