// Issue 37 point 4: /docs opens with a short guide for developers — the OpenAPI document's
// description, which the reference page renders above the operations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('developer guide (issue 37 point 4)', () => {
  it('issue 37 point 4: the document served to /docs explains keys, scopes, paging, errors, rate limits, CORS and webhook signatures', async () => {
    const document = await t.request<{ info: { description: string } }>('GET', '/openapi.json');
    expect(document.status).toBe(200);
    const guide = document.body.info.description;
    for (const heading of ['Authentication with an API key', 'Scopes', 'Paging', 'Errors', 'Rate limits', 'CORS', 'Webhooks']) expect(guide).toContain(heading);
    expect(guide).toContain('`tickets:read` / `tickets:write`');
    expect(guide).toContain('ERR_NO_PERMISSION');
    expect(guide).toContain('X-Atende-Signature');
    expect(guide).toMatch(/```js[\s\S]*createHmac/);
    expect(guide).toMatch(/```python[\s\S]*hmac\.new/);
  });
});
