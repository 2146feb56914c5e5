// `npm run storage:copy-to-s3`, with the server's own environment: copies DATA_DIR/public into
// the bucket that S3_BUCKET (and the other S3_* variables) name, before or after switching
// STORAGE_DRIVER to s3 (docs/operations.md "Stored files").
import { loadConfig } from './config.ts';
import { createObjectStore } from './platform/storage.ts';
import { copyFolderToBucket } from './platform/storage-copy.ts';
import { s3FailureReason } from './platform/storage-s3.ts';

const main = async () => {
  // the bucket is configured even while the server still runs on the local folder
  const config = loadConfig({ ...process.env, STORAGE_DRIVER: 's3' });
  const bucket = createObjectStore(config.storage, config.publicDir);
  await bucket.check();
  const summary = await copyFolderToBucket(config.publicDir, bucket);
  process.stdout.write(`copied ${summary.copied} files (${summary.bytes} bytes), skipped ${summary.skipped} already in the bucket\n`);
  if (summary.ignored.length > 0) process.stdout.write(`ignored ${summary.ignored.length} files that are not stored files: ${summary.ignored.slice(0, 10).join(', ')}\n`);
};

main().catch((error: unknown) => {
  // a failed put is ERR_STORAGE_UNAVAILABLE; the store's own answer says why
  const reason = error instanceof Error && error.cause ? `: ${s3FailureReason(error.cause)}` : '';
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}${reason}\n`);
  process.exitCode = 1;
});
