// The S3 driver of the storage (storage.ts): objects in one bucket of AWS S3 or any S3-compatible
// store (MinIO, Cloudflare R2, …), so that every process of a deployment sees every file. A store
// that does not answer or refuses the credentials is ERR_STORAGE_UNAVAILABLE (503) to the caller:
// the upload stored nothing, and the service writes no row for it.
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { AppError } from './errors.ts';
import type { ObjectStore, S3StorageConfig } from './storage.ts';

// how long a store may take to accept a connection, and to go quiet in the middle of an answer
const CONNECT_TIMEOUT_MS = 3000;
const IDLE_TIMEOUT_MS = 30_000;
// DeleteObjects takes at most this many keys
const DELETE_BATCH = 1000;

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);
const isMissing = (error: unknown) => statusOf(error) === 404 || (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound'));

// A HEAD request (HeadBucket) has no error body for the SDK to name its error from: the status says it.
const statusMeanings: Record<number, string> = { 301: 'the bucket is in another region', 403: 'access denied', 404: 'no such bucket' };

// What /ready and the logs say about a store that failed: what its HTTP status means, or the
// network error (no secret is in either).
export const s3FailureReason = (error: unknown) => {
  const status = statusOf(error);
  if (status) return `${statusMeanings[status] ?? (error instanceof Error ? error.name : 'error')} (HTTP ${status})`;
  const code = (error as { code?: string }).code;
  return code ?? (error instanceof Error ? error.message : String(error));
};

const unavailable = (error: unknown) => {
  const failure = new AppError('ERR_STORAGE_UNAVAILABLE', 503);
  failure.cause = error;
  return failure;
};

export const createS3Client = (config: S3StorageConfig) =>
  new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
  });

export const createS3Objects = (config: S3StorageConfig, client = createS3Client(config)): ObjectStore => {
  const Bucket = config.bucket;
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw unavailable(error);
    }
  };
  return {
    driver: 's3',
    put: (key, body, contentType) =>
      call(async () => {
        if (Buffer.isBuffer(body)) {
          await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length, ContentType: contentType }));
          return;
        }
        // a stream of unknown length goes up in parts, a few MB in memory at a time
        await new Upload({ client, params: { Bucket, Key: key, Body: body, ContentType: contentType } }).done();
      }),
    openRead: async (key, range) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range }));
        if (!(answer.Body instanceof Readable)) throw new Error('the S3 answer has no body stream');
        const size = answer.ContentLength ?? 0;
        // Content-Range: bytes start-end/total
        const match = answer.ContentRange ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange) : null;
        return {
          body: answer.Body,
          size,
          totalSize: match ? Number(match[3]) : size,
          contentType: answer.ContentType ?? 'application/octet-stream',
          range: match ? { start: Number(match[1]), end: Number(match[2]) } : undefined,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        if (statusOf(error) === 416) throw new AppError('ERR_NOT_FOUND', 416);
        throw unavailable(error);
      }
    },
    remove: (key) => call(() => client.send(new DeleteObjectCommand({ Bucket, Key: key })).then(() => undefined)),
    list: async function* (prefix) {
      try {
        for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
          for (const item of page.Contents ?? []) {
            if (item.Key) yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
          }
        }
      } catch (error) {
        throw unavailable(error);
      }
    },
    removePrefix: (prefix) =>
      call(async () => {
        const keys: string[] = [];
        const flush = (batch: string[]) => client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
          keys.push(...(page.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : [])));
          while (keys.length >= DELETE_BATCH) await flush(keys.splice(0, DELETE_BATCH));
        }
        if (keys.length > 0) await flush(keys);
      }),
    check: async () => {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        throw new Error(`bucket ${Bucket}: ${s3FailureReason(error)}`, { cause: error });
      }
    },
  };
};
