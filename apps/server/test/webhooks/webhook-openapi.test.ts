// Issue 37 point 1: the OpenAPI document names every webhook event (OpenAPI `webhooks`), its body a
// component an integrator can generate a type from; redocly lint of the whole document is
// test/contract/openapi-lint.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveryEvents } from '@atende/shared/webhooks';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Operation = { operationId: string; requestBody: { content: { 'application/json': { schema: { $ref: string } } } }; parameters: { name: string }[] };
type Document = { webhooks: Record<string, { post: Operation }>; components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await startTestApp();
  document = (await t.request<Document>('GET', '/openapi.json')).body;
});
afterAll(() => t?.close());

describe('webhooks in the OpenAPI document (issue 37 point 1)', () => {
  it('one entry per event, its body a component with the envelope and its headers named', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...webhookDeliveryEvents].sort());
    for (const [event, { post }] of Object.entries(document.webhooks)) {
      const name = post.requestBody.content['application/json'].schema.$ref.replace('#/components/schemas/', '');
      expect(Object.keys(document.components.schemas[name]?.properties ?? {}), event).toEqual(['id', 'event', 'createdAt', 'companyId', 'data']);
      expect(post.parameters.map((parameter) => parameter.name)).toEqual(['X-Atende-Event', 'X-Atende-Delivery', 'X-Atende-Timestamp', 'X-Atende-Signature']);
    }
    expect(document.components.schemas.WebhookMessageCreated.properties?.data).toMatchObject({ properties: { message: { $ref: '#/components/schemas/Message' } } });
  });
});
