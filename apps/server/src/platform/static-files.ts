// Serves the built web app and uploaded files. Registered before access control: these routes
// carry no tenant data of their own (uploads have unguessable generated names).
import { existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isScreenPath } from '@atende/shared/navigation';
import { publicUrlPrefix, storedFileHeaders } from './storage.ts';

// pages the server itself answers to a browser: the API reference and its document
const serverPage = (path: string) => path === '/docs' || path.startsWith('/docs/') || path === '/openapi.json';

// API paths and screen paths overlap (/users is both). A browser navigation — a GET that asks for
// HTML first — gets the single-page app, whatever its path (the app routes unknown ones). So does
// a GET of a screen path that neither asks for JSON nor carries a bearer token, the way
// `curl http://host/` asks; API clients send one or the other.
const wantsApp = (request: FastifyRequest, path: string) => {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || serverPage(path)) return false;
  const { accept, authorization } = request.headers;
  if (accept?.startsWith('text/html')) {
    return !path.startsWith(`${publicUrlPrefix}/`) && !path.startsWith('/socket.io') && !path.startsWith('/assets/');
  }
  return !authorization && !accept?.includes('json') && isScreenPath(path);
};

// Files under assets/ are named by their content's hash: a new build writes new names, so a
// browser keeps them for a year without asking again. index.html names the current ones and must
// be revalidated on every visit (no-cache), or a browser would keep loading an old build. Other
// root files (favicon, manifest) keep their names across builds: a short cache.
const webCacheControl = (file: string) => {
  if (file.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (/\.html(\.br|\.gz)?$/.test(file)) return 'no-cache';
  return 'public, max-age=3600';
};

// publicDir: the local storage driver's folder; with a bucket, bucket-files.ts serves /public
export const registerStaticFiles = async (app: FastifyInstance, options: { publicDir?: string; webDistDir: string }) => {
  if (options.publicDir) {
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
        for (const [name, value] of Object.entries(storedFileHeaders)) res.header(name, value);
      },
    });
  }

  const indexFile = join(options.webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDistDir: options.webDistDir }, 'web app not built; serving the API only');
    return;
  }
  // the .br and .gz copies the web build wrote (apps/web/scripts/precompress.mjs) go out as they
  // are, chosen by Accept-Encoding; the compression hook leaves an encoded answer alone
  await app.register(fastifyStatic, {
    root: options.webDistDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => reply.header('Cache-Control', webCacheControl(relative(options.webDistDir, path))),
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!wantsApp(request, request.url.split('?')[0])) return;
    return reply.sendFile('index.html', options.webDistDir);
  });
};
