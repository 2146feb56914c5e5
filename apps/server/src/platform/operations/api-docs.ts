// OpenAPI 3.1 generated from the zod schemas the routes validate with (@fastify/swagger with the
// zod type provider's transform), served at /openapi.json, and a readable reference at /docs:
// Swagger UI's files from the swagger-ui-dist package, so the page loads nothing from elsewhere.
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Endpoint } from '@atende/shared/contract';
import { AUTOMATION_WEBHOOK_EVENT, WEBHOOK_HEADERS, WEBHOOK_TEST_EVENT, webhookBodies, webhookDeliveryEvents } from '@atende/shared/webhooks';
import { z } from 'zod';
// imported rather than read from disk: the production build (scripts/build.ts) carries it inside
// the bundle, which lives at another depth than this file
import serverPackage from '../../../package.json' with { type: 'json' };
import { developerGuide } from './developer-guide.ts';

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

// Who may call a route, in OpenAPI terms: users' routes take the access token, public ones none
// (said, not left out: a generated client must not send a token there); the tag groups the
// reference by the path's first segment unless the route names its own.
const documentedRoute: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const access = input.route.config?.access;
  const signedIn = access === 'tenant' || access === 'super';
  const endpoint = input.route.config?.endpoint;
  return {
    url,
    schema: {
      ...schema,
      tags: schema?.tags ?? [url.split('/')[1] || 'root'],
      ...(!schema?.security && { security: signedIn ? [{ accessToken: [] }] : [] }),
      ...(endpoint && contractDocumentation(endpoint, signedIn, schema?.response as Record<string, unknown> | undefined)),
    },
  };
};

const errorDescriptions: Record<string, string> = {
  '400': 'The request does not match its schema (`fields` names each problem), or a rule refuses it',
  '402': "The company's invoice is overdue",
  '403': 'Not allowed to this user or plan',
  '404': 'No such record in this company',
  '409': 'Conflicts with the state of a record',
  '413': 'Too large',
  '429': 'Too many requests: `Retry-After` says when to try again',
  '503': 'A service this call needs does not answer',
};

const errorAnswer = (codes: readonly string[], description: string) => ({
  description,
  content: { 'application/json': { schema: { type: 'object', required: ['error'], properties: { error: { type: 'string', enum: codes } } } } },
});

// A route registered from its contract (platform/endpoint-routes.ts) is documented from it: its
// operationId and summary, its answer (with no body for a 204) and the errors it may answer.
const contractDocumentation = (endpoint: Endpoint, signedIn: boolean, responses: Record<string, unknown> = {}) => {
  const status = String(endpoint.status ?? 200);
  const errors: Record<string, unknown> = {};
  if (endpoint.params || endpoint.query || endpoint.body) errors['400'] = errorAnswer(['ERR_VALIDATION'], 'The request does not match its schema: `fields` names each problem');
  if (signedIn) {
    errors['401'] = errorAnswer(['ERR_SESSION_EXPIRED'], 'No valid session');
    errors['403'] = errorAnswer(['ERR_NO_PERMISSION'], 'Not allowed to this user, or the access token expired (refresh it)');
  }
  for (const [code, codes] of Object.entries(endpoint.errors ?? {})) {
    errors[code] = errorAnswer(code === '400' ? ['ERR_VALIDATION', ...codes] : codes, errorDescriptions[code] ?? 'Refused');
  }
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    response: { ...(endpoint.response ? responses : { [status]: { description: 'Done; no content', type: 'null' } }), ...errors },
  };
};

const SCHEMA_REF = '#/components/schemas/';

// The component schemas an operation refers to, directly or through another component: every
// schema given an id in packages/shared is registered (in an input and an output form), but the
// document keeps only the ones it uses.
const referencedSchemas = (paths: unknown, schemas: Record<string, unknown>) => {
  const used = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF)) {
          const name = child.slice(SCHEMA_REF.length);
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else visit(child);
      }
    }
  };
  visit(paths);
  return used;
};

// The event webhooks (issue 37 point 1, docs/webhooks.md): what the server POSTs to a company's
// endpoints, one entry per event with its body as a component.
const webhookHeaders = [
  { name: WEBHOOK_HEADERS.event, description: 'The event, as in the body' },
  { name: WEBHOOK_HEADERS.delivery, description: "The event's id, the same on every attempt and resend: refuse one already handled" },
  { name: WEBHOOK_HEADERS.timestamp, description: 'Unix seconds when this attempt was signed: refuse one too old' },
  { name: WEBHOOK_HEADERS.signature, description: '`sha256=` and the hex HMAC-SHA256 of `<timestamp>.<raw body>` under the endpoint\'s secret' },
];
const webhookSummaries: Partial<Record<string, string>> = {
  [WEBHOOK_TEST_EVENT]: 'A test event sent from the webhooks screen',
  [AUTOMATION_WEBHOOK_EVENT]: "Sent by an automation rule's or a macro's action to the endpoint it names",
};
const documentedWebhooks = () =>
  Object.fromEntries(
    webhookDeliveryEvents.map((event) => {
      const component = String(webhookBodies[event].meta()?.id);
      return [
        event,
        {
          post: {
            operationId: component.replace(/^W/, 'w'),
            summary: webhookSummaries[event] ?? `The ${event} event`,
            tags: ['webhooks'],
            security: [],
            parameters: webhookHeaders.map(({ name, description }) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } })),
            requestBody: { required: true, content: { 'application/json': { schema: { $ref: `${SCHEMA_REF}${component}` } } } },
            responses: {
              '200': { description: 'Any 2xx answer: delivered' },
              '400': { description: 'Any other 4xx but 408 and 429: the delivery fails at once' },
              '500': { description: 'A 5xx, 408, 429, a timeout or no answer: tried again with backoff for about a day' },
            },
          },
        },
      ];
    }),
  );

const withComponentSchemas: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
  const schemas: Record<string, unknown> = document.components?.schemas ?? {};
  const webhooks = documentedWebhooks();
  const used = referencedSchemas([document.paths, webhooks], schemas);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, webhooks, components: { ...document.components, schemas: kept } } as ReturnType<SwaggerTransformObject>;
};

// Registered before the routes, so every route registered afterwards is in the document.
export const registerOpenApi = async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atende API',
        version: serverPackage.version,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        // the developer guide (issue 37 point 4): keys, scopes, paging, errors, limits, CORS, webhooks
        description: developerGuide,
      },
      // the paths are relative to the address the document was read from
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          accessToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The `token` answered by POST /auth/login or /auth/refresh_token, or an API key (`atk_…`) within its scopes',
          },
          connectionToken: { type: 'http', scheme: 'bearer', description: "A connection's token (connection dialog), for the external messages API" },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, needed from addresses other than loopback' },
        },
      },
    },
    transform: documentedRoute,
    // schemas given an id (`.meta({ id })`) in packages/shared become components, referred to by each operation
    transformObject: withComponentSchemas,
  });
};

const assets = {
  'swagger-ui.css': { file: join(swaggerUiDir, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: join(swaggerUiDir, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
} as const;

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Atende API</title>
    <link rel="stylesheet" href="/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/swagger-ui-bundle.js"></script>
    <script src="/docs/start.js"></script>
  </body>
</html>
`;

// A file, not an inline script, so the page runs under the app's Content-Security-Policy.
const start = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
});
`;

export const apiDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'public' } as const;
  const hide = true;

  // written once: a public page must not cost every caller a serialisation of the whole document
  let documentText: string | undefined;
  app.get('/openapi.json', { config, schema: { hide } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send((documentText ??= JSON.stringify(app.swagger()))),
  );

  app.get('/docs', { config, schema: { hide } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));

  app.get(
    '/docs/:file',
    { config, schema: { hide, params: z.object({ file: z.enum(['start.js', ...(Object.keys(assets) as Array<keyof typeof assets>)]) }) } },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      const { file } = request.params;
      if (file === 'start.js') return reply.type('text/javascript; charset=utf-8').send(start);
      return reply.type(assets[file].type).send(createReadStream(assets[file].file));
    },
  );
};
