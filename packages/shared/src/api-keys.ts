// API keys for the whole API (issue 37 point 2): a company's admin creates a key with a name, scopes
// and an optional expiry; the key acts as that admin would, within its scopes. The key itself is
// answered once, at creation; the server keeps only its SHA-256.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { boundedText, idParam, pageNumberQuery } from './validation.ts';

// The areas a key may be given, each read or write (write implies read).
export const apiKeyAreas = ['tickets', 'contacts', 'queues', 'campaigns', 'reports'] as const;
export type ApiKeyArea = (typeof apiKeyAreas)[number];
export const apiKeyAccesses = ['read', 'write'] as const;
export type ApiKeyAccess = (typeof apiKeyAccesses)[number];
export const apiKeyScopes = apiKeyAreas.flatMap((area) => apiKeyAccesses.map((access) => `${area}:${access}` as const));
export type ApiKeyScope = (typeof apiKeyScopes)[number];

// The first segment of a route's path -> the area a key needs for it. A route whose segment is not
// here refuses keys: a new area stays closed to keys until it is given one (sign-in, sessions,
// settings, connections, the keys' own management, super admin routes never are).
export const apiKeyAreaOfSegment: Readonly<Record<string, ApiKeyArea>> = {
  tickets: 'tickets',
  ticket: 'tickets',
  'ticket-notes': 'tickets',
  'ticket-tags': 'tickets',
  'tickets-log': 'tickets',
  messages: 'tickets',
  message: 'tickets',
  'messages-allMe': 'tickets',
  contacts: 'contacts',
  contactTags: 'contacts',
  tags: 'contacts',
  tag: 'contacts',
  'tags-contacts': 'contacts',
  queue: 'queues',
  users: 'queues',
  campaigns: 'campaigns',
  'campaign-settings': 'campaigns',
  'contact-lists': 'campaigns',
  'contact-list-items': 'campaigns',
  dashboard: 'reports',
  ticketreport: 'reports',
  usersMoments: 'reports',
};

export const apiKeyAreaOfPath = (path: string): ApiKeyArea | undefined => apiKeyAreaOfSegment[path.split('/')[1] ?? ''];

// GET and HEAD read; every other method writes.
export const apiKeyScopeFor = (area: ApiKeyArea, method: string): ApiKeyScope => `${area}:${method === 'GET' || method === 'HEAD' ? 'read' : 'write'}`;

export const apiKeyAllows = (scopes: readonly string[], needed: ApiKeyScope) => {
  const [area, access] = needed.split(':');
  return scopes.includes(needed) || (access === 'read' && scopes.includes(`${area}:write`));
};

// `atk_<prefix>_<secret>`: the prefix tells keys apart on the screen; the secret is 32 random bytes.
export const API_KEY_MARK = 'atk_';
export const API_KEY_NAME_MAX = 100;
export const API_KEYS_PAGE_SIZE = 50;

const apiKeyView = z
  .object({
    id: z.number().int(),
    name: z.string(),
    prefix: z.string(),
    scopes: z.array(z.string()),
    expiresAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    createdAt: z.string(),
    revoked: z.boolean(),
    // the user the key acts as
    userId: z.number().int(),
    userName: z.string(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKeyView = z.infer<typeof apiKeyView>;

export const createdApiKeyView = apiKeyView.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
export type CreatedApiKeyView = z.infer<typeof createdApiKeyView>;

const companyApiKeyView = apiKeyView.extend({ companyId: z.number().int(), companyName: z.string() }).meta({ id: 'CompanyApiKey' });
export type CompanyApiKeyView = z.infer<typeof companyApiKeyView>;

export const apiKeyCreateBody = z
  .object({
    name: boundedText(1, API_KEY_NAME_MAX),
    scopes: z
      .array(z.enum(apiKeyScopes))
      .min(1, 'validation.required')
      .transform((scopes) => [...new Set(scopes)]),
    // absent or null: the key does not expire; given, it must lie ahead
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .meta({ id: 'ApiKeyBody' });
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBody>;

const apiKeyParams = z.object({ apiKeyId: idParam });
const allKeysQuery = z.object({ companyId: idParam.optional(), pageNumber: pageNumberQuery });
const allKeysPage = z.object({ apiKeys: z.array(companyApiKeyView), hasMore: z.boolean() }).meta({ id: 'CompanyApiKeyPage' });
export type AllApiKeysPage = z.infer<typeof allKeysPage>;

const notFound = { 404: ['ERR_NOT_FOUND'] } as const;

export const apiKeysEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api-keys', response: z.array(apiKeyView), operationId: 'listApiKeys', summary: "The company's API keys, revoked ones included" }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api-keys',
    body: apiKeyCreateBody,
    response: createdApiKeyView,
    status: 201,
    operationId: 'createApiKey',
    summary: 'Adds an API key acting as the caller; the answer holds the key, shown this once',
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api-keys/:apiKeyId',
    params: apiKeyParams,
    response: apiKeyView,
    operationId: 'revokeApiKey',
    summary: 'Revokes an API key: its calls are refused from now on',
    errors: notFound,
  }),
  listAll: defineEndpoint({
    method: 'GET',
    path: '/api-keys/all',
    query: allKeysQuery,
    response: allKeysPage,
    operationId: 'listAllApiKeys',
    summary: "Every company's API keys, newest first, optionally of one company (super admin)",
  }),
  revokeAny: defineEndpoint({
    method: 'DELETE',
    path: '/api-keys/all/:apiKeyId',
    params: apiKeyParams,
    response: companyApiKeyView,
    operationId: 'revokeAnyApiKey',
    summary: "Revokes any company's API key (super admin)",
    errors: notFound,
  }),
};
