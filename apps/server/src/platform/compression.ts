// Compresses the API's answers (issue 34 point 6). Registered before the static files: the web
// app's own files go out precompressed at build time, and the hook leaves any answer that already
// carries a Content-Encoding as it is. Socket.IO answers its requests before Fastify sees them.
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// Answers smaller than this gain less than the encoding costs.
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export const registerCompression = (app: FastifyInstance) =>
  app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // text, JSON, XML and scripts; not the plugin's default octet-stream (uploaded media and
    // downloads, mostly compressed already) nor event streams, which a compressor would hold back
    // until its buffer fills. A stream body is compressed as it flows (the big report pages), never
    // buffered whole; the report spreadsheet is a zip and goes out as it is.
    customTypes: /^text\/(?!event-stream)|[+/](?:json|xml|javascript)(?:;|$)/,
    // request bodies are read as sent: no client of this API compresses them, and inflating one
    // would let a few kilobytes on the wire grow into a body far larger
    globalDecompression: false,
  });
