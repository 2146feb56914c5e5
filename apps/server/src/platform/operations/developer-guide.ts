// The developer guide (issue 37 point 4), shown at the top of /docs: it is the OpenAPI document's
// description, which Swagger UI renders as Markdown above the reference. Kept here, in the bundle,
// rather than read from disk, as the production build carries no docs folder.
import { apiKeyAreaOfSegment, apiKeyAreas, API_KEY_MARK } from '@atende/shared/api-keys';
import { WEBHOOK_HEADERS } from '@atende/shared/webhooks';

const segmentsOf = (area: string) =>
  Object.entries(apiKeyAreaOfSegment)
    .filter(([, of]) => of === area)
    .map(([segment]) => `\`/${segment}\``)
    .join(', ');

const scopeRows = apiKeyAreas.map((area) => `| \`${area}:read\` / \`${area}:write\` | ${segmentsOf(area)} |`).join('\n');

const authentication = `## Authentication with an API key

An admin creates keys on the **API keys** screen (plans with the external API): a name, scopes and
an optional expiry. The key (\`${API_KEY_MARK}…\`) is shown once; store it as a secret. Send it as a
bearer token:

\`\`\`sh
curl -H "Authorization: Bearer ${API_KEY_MARK}1a2b3c4d_…" https://your-server/tickets
\`\`\`

A key acts as the admin who created it, inside that admin's company: it can never do more than that
user may, nor more than the company's plan allows, and it stops when the plan loses the external API,
when it expires or when it is revoked. Sign-in, sessions, settings, connections, the keys' own
screen and the super admin's routes refuse keys. Socket.IO does not take keys: use webhooks to hear
about changes. The external messages API (\`POST /api/messages/send\`) keeps taking a connection's
token, not a key.`;

const scopes = `## Scopes

A scope is an area with \`read\` (GET) or \`write\` (every other method; it includes read). A call to a
route outside the key's scopes answers \`403 {"error":"ERR_NO_PERMISSION"}\`.

| scope | paths |
|---|---|
${scopeRows}`;

const paging = `## Paging

Lists that can grow take \`pageNumber\` (from 1) and answer \`hasMore\` (and often \`count\`): ask for the
next page while \`hasMore\` is true. Searches take \`searchParam\`.`;

const errors = `## Errors

Every error answers \`{ "error": "ERR_…" }\`. A request that does not match its schema answers \`400\`
\`{ "error": "ERR_VALIDATION", "fields": [{ "path": "body.name", "message": "validation.required" }] }\`.
Unknown fields are ignored, not refused. A missing, unknown, revoked or expired key answers \`401
ERR_SESSION_EXPIRED\`; an overdue company \`402 ERR_SUBSCRIPTION_OVERDUE\`; a call outside the key's
scopes, its user's permissions or the plan \`403 ERR_NO_PERMISSION\`; a record of no such id in the
company \`404\`.`;

const rateLimits = `## Rate limits

Each key has its own budget of calls per window (the server's \`RATE_LIMIT_API_KEY_MAX\` per
\`RATE_LIMIT_WINDOW_SECONDS\`), and its calls count toward its address's too. Past it the call answers
\`429 {"error":"ERR_TOO_MANY_REQUESTS"}\` with \`Retry-After\` in seconds.`;

const cors = `## Calling from a browser (CORS)

Cross-origin calls are off unless the server's operator lists the page's origin in
\`API_CORS_ORIGINS\`. Then the routes keys may call answer the preflight for that origin (methods GET,
POST, PUT, DELETE; headers Authorization and Content-Type) and the calls made with a key. Cookies never
cross origins: there is no \`Access-Control-Allow-Credentials\`, and sign-in and the token refresh
answer no CORS at all. A key in a page is visible to its users: give it the fewest scopes.`;

const webhooks = `## Webhooks

A company's admins register endpoints on the **Webhooks** screen; the events, their bodies and the
answers the server expects are in the *webhooks* section of this document. Each delivery is a POST
with the headers \`${WEBHOOK_HEADERS.event}\`, \`${WEBHOOK_HEADERS.delivery}\` (the event's id: refuse one
already handled), \`${WEBHOOK_HEADERS.timestamp}\` (Unix seconds: refuse one too old) and
\`${WEBHOOK_HEADERS.signature}\`: \`sha256=\` and the hex HMAC-SHA256 of \`<timestamp>.<raw body>\` under
the endpoint's secret. Check it against the raw body, before parsing it.

Node:

\`\`\`js
import { createHmac, timingSafeEqual } from 'node:crypto';

const verify = (secret, rawBody, timestamp, signature) => {
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = 'sha256=' + createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest('hex');
  return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
};
\`\`\`

Python:

\`\`\`python
import hashlib, hmac, time

def verify(secret: str, raw_body: bytes, timestamp: str, signature: str) -> bool:
    if abs(time.time() - int(timestamp)) > 300:
        return False
    digest = hmac.new(secret.encode(), timestamp.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(signature, "sha256=" + digest)
\`\`\`

Answer with any 2xx once the event is kept: that delivers it. A timeout (10 s), a failed
connection, a 5xx, 408 or 429 is tried again with backoff (10 s doubling up to an hour) for about a
day (32 attempts, 23 h 25 min), then the delivery is failed; any other answer fails it at once. The
same event can arrive more than once (a retry after a lost answer, a resend from the screen): keep
the ids you handled. One ticket's events arrive in the order they happened. An endpoint that has
had no success for 24 hours is switched off at its next failure and the company's admins are told;
the screen turns it on again.`;

export const developerGuide = [authentication, scopes, paging, errors, rateLimits, cors, webhooks].join('\n\n');
