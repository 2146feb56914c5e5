// Serves the built web app and uploaded files. Registered before access control: these routes
// carry no tenant data of their own (uploads have unguessable generated names).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { publicUrlPrefix } from './storage.ts';

const isBrowserNavigation = (accept: string | undefined) => accept?.startsWith('text/html') ?? false;

export const registerStaticFiles = async (app: FastifyInstance, options: { publicDir: string; webDistDir: string }) => {
  mkdirSync(options.publicDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.publicDir,
    prefix: `${publicUrlPrefix}/`,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    // an uploaded file can never run script in the app's origin
    setHeaders: (res) => {
      res.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
      res.header('X-Content-Type-Options', 'nosniff');
    },
  });

  const indexFile = join(options.webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDistDir: options.webDistDir }, 'web app not built; serving the API only');
    return;
  }
  await app.register(fastifyStatic, { root: options.webDistDir, prefix: '/', wildcard: false, index: false });

  // API paths and screen paths overlap (/users is both), so a browser navigation — a GET that
  // asks for HTML first — gets the single-page app; API clients ask for JSON.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !isBrowserNavigation(request.headers.accept)) return;
    const path = request.url.split('?')[0];
    if (path.startsWith(`${publicUrlPrefix}/`) || path.startsWith('/socket.io') || path.startsWith('/assets/')) return;
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', options.webDistDir);
  });
};
