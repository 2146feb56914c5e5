// /public with the S3 storage driver: the server streams each file from the bucket with the
// headers the local folder is served with (storage.ts storedFileHeaders), and a single byte range
// when asked (audio and video seek with one). Why through the server rather than a signed URL:
// docs/operations.md "Stored files".
import type { FastifyInstance } from 'fastify';
import { notFound } from './errors.ts';
import { isStoredKey, publicUrlPrefix, storedFileHeaders, type ObjectStore } from './storage.ts';

// one range of bytes (bytes=start-end, start-, -suffix); a list of ranges is answered whole, as
// RFC 9110 §14.2 allows
const singleRange = /^bytes=(\d+-\d*|-\d+)$/;

export const registerBucketFiles = (app: FastifyInstance, objects: ObjectStore) => {
  // compress: false: a byte range is of the file as stored, never of an encoding made on the way
  app.get(`${publicUrlPrefix}/*`, { config: { access: 'public' }, schema: { hide: true }, compress: false }, async (request, reply) => {
    const key = decodeURIComponent(request.url.split('?')[0].slice(publicUrlPrefix.length + 1));
    if (!isStoredKey(key)) throw notFound();
    const asked = request.headers.range;
    const stored = await objects.openRead(key, asked && singleRange.test(asked) ? asked : undefined);
    if (!stored) throw notFound();
    reply.headers({
      ...storedFileHeaders,
      'Content-Type': stored.contentType,
      'Content-Length': String(stored.size),
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'public, max-age=0',
    });
    if (stored.range) {
      reply.status(206).header('Content-Range', `bytes ${stored.range.start}-${stored.range.end}/${stored.totalSize}`);
    }
    return reply.send(stored.body);
  });
};
