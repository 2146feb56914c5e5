// A real S3-protocol server (s3rver) on loopback with one bucket, for the S3 storage driver: the
// SDK signs every request and s3rver checks the signature, so wrong credentials are refused as a
// real store refuses them. Its own access key and secret are S3RVER / S3RVER.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../../src/platform/storage.ts';

export const startS3Server = async (bucket = 'atende-test') => {
  const directory = mkdtempSync(join(tmpdir(), 'atende-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storage: S3StorageConfig = { driver: 's3', bucket, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  // the variables a server process reads to use this bucket
  const env = {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  return {
    storage,
    env,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};
