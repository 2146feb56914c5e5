// Uploaded files are objects under generated names: a company's at company{id}/<folder>/<name>,
// platform-wide ones (whitelabel images) at <folder>/<name>. The key is also the file's path after
// /public, so a URL stays valid whichever driver keeps it: the local folder (DATA_DIR/public, the
// embedded default) or an S3-compatible bucket that every process of a deployment sees
// (storage-s3.ts). They are served with headers that stop a browser from running them in the
// app's origin (static-files.ts).
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createS3Objects } from './storage-s3.ts';
import { tempPath } from './temp-files.ts';

export const publicUrlPrefix = '/public';

// what every stored file is served with, whichever driver keeps it: it can never run script in
// the app's origin, and a browser takes its type as sent
export const storedFileHeaders = {
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
  'X-Content-Type-Options': 'nosniff',
};

// S3 credentials left unset come from the SDK's own chain (AWS_* variables, instance roles)
export type S3StorageConfig = { driver: 's3'; bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };
export type StorageConfig = { driver: 'local' } | S3StorageConfig;

export type FolderStats = { size: number; files: number; lastModified: Date | null };

// An object opened for reading: its bytes as a stream, never whole in memory. size is the length
// of what body gives (the range asked for, if any), totalSize the object's.
export type StoredObject = { body: Readable; size: number; totalSize: number; contentType: string; range?: { start: number; end: number } };
export type ObjectEntry = { key: string; size: number; lastModified: Date };

// What a driver does with keys; everything else (names, URLs, folders) is the same for both.
export type ObjectStore = {
  driver: 'local' | 's3';
  put: (key: string, body: Buffer | Readable, contentType: string) => Promise<void>;
  // null when there is no such object; range: 'bytes=…' of one range, as a request's Range header
  openRead: (key: string, range?: string) => Promise<StoredObject | null>;
  remove: (key: string) => Promise<void>;
  list: (prefix: string) => AsyncIterable<ObjectEntry>;
  removePrefix: (prefix: string) => Promise<void>;
  // resolves when the store answers with these credentials (/ready)
  check: () => Promise<void>;
  // the folder the objects are files in, for the local driver, which serves them as files
  localDir?: string;
};

export class StoredFileMissing extends Error {}

// A stored file on disk for the time of a use, and its stored name (its extension tells its type).
export type StoredFile = { path: string; name: string };

// The types of what is stored (platform/media.ts, images.ts, spreadsheet.ts), by extension, as a
// browser is told them; the local driver's static server names the same ones.
const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  weba: 'audio/webm',
  webm: 'video/webm',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};
export const contentTypeOf = (key: string) => contentTypes[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

// A key that names a stored file and nothing else: [company{id}/]<folder>/<name>, no dot files,
// no walking up. Anything else under /public is not found.
const storedKey = /^(?:company\d{1,10}\/)?[a-z][a-z0-9-]{0,49}\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
export const isStoredKey = (key: string) => storedKey.test(key) && !key.includes('..');

const createLocalObjects = (publicDir: string): ObjectStore => {
  const pathOf = (key: string) => join(publicDir, ...key.split('/'));
  return {
    driver: 'local',
    localDir: publicDir,
    put: async (key, body) => {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      if (Buffer.isBuffer(body)) return writeFile(path, body);
      // written beside and renamed, so a reader never sees half a file
      const partial = `${path}.${randomUUID()}.partial`;
      try {
        await pipeline(body, createWriteStream(partial));
        await rename(partial, path);
      } finally {
        await rm(partial, { force: true });
      }
    },
    openRead: async (key) => {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(path), size: info.size, totalSize: info.size, contentType: contentTypeOf(key) };
    },
    remove: (key) => rm(pathOf(key), { force: true }),
    list: async function* (prefix) {
      const root = pathOf(prefix.replace(/\/$/, ''));
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const info = await stat(path);
        yield { key: relative(publicDir, path).split(sep).join('/'), size: info.size, lastModified: info.mtime };
      }
    },
    removePrefix: (prefix) => rm(pathOf(prefix.replace(/\/$/, '')), { recursive: true, force: true }),
    check: () => mkdir(publicDir, { recursive: true }).then(() => undefined),
  };
};

export const createObjectStore = (config: StorageConfig, publicDir: string): ObjectStore =>
  config.driver === 's3' ? createS3Objects(config) : createLocalObjects(publicDir);

export type Storage = ReturnType<typeof createStorage>;

export const createStorage = (objects: ObjectStore) => {
  const companyKey = (companyId: number, folder: string, name: string) => `company${companyId}/${folder}/${basename(name)}`;
  // basename: a stored name never walks out of its folder
  const platformKey = (folder: string, name: string) => `${folder}/${basename(name)}`;
  const saveAt = async (keyOf: (name: string) => string, data: Buffer | Readable, extension: string) => {
    const name = `${randomUUID()}.${extension}`;
    const key = keyOf(name);
    await objects.put(key, data, contentTypeOf(key));
    return name;
  };
  const withFileOfKey = async <T>(key: string, use: (path: string) => Promise<T>): Promise<T> => {
    if (objects.localDir) {
      const path = join(objects.localDir, ...key.split('/'));
      if (!(await access(path).then(() => true, () => false))) throw new StoredFileMissing(`no stored file ${key}`);
      return use(path);
    }
    const stored = await objects.openRead(key);
    if (!stored) throw new StoredFileMissing(`no stored file ${key}`);
    const dir = await mkdtemp(tempPath('storedCopy'));
    try {
      const path = join(dir, basename(key));
      await pipeline(stored.body, createWriteStream(path));
      return await use(path);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  return {
    objects,
    save: (companyId: number, folder: string, data: Buffer | Readable, extension: string) => saveAt((name) => companyKey(companyId, folder, name), data, extension),
    remove: (companyId: number, folder: string, name: string) => objects.remove(companyKey(companyId, folder, name)),
    // Platform-wide files (the whitelabel images, 03-saas §2) live in <folder>/, beside the
    // companies' folders: a folder name is never company{id}.
    savePlatformFile: (folder: string, data: Buffer | Readable, extension: string) => saveAt((name) => platformKey(folder, name), data, extension),
    removePlatformFile: (folder: string, name: string) => objects.remove(platformKey(folder, name)),
    urlOf: (companyId: number, folder: string, name: string) => `${publicUrlPrefix}/company${companyId}/${folder}/${name}`,
    // Readers that need a file on disk (spreadsheets read row by row, exceljs seeks in a zip) get
    // one for the time of `use`: the stored file itself locally, a temporary download from a bucket.
    withLocalCopy: <T>(companyId: number, folder: string, name: string, use: (path: string) => Promise<T>): Promise<T> =>
      withFileOfKey(companyKey(companyId, folder, name), use),
    // A file of this company by the url urlOf gave, on disk for the time of `use` (a send, a
    // transcription): read as a stream from there, never whole. Any other url is refused.
    withCompanyFile: <T>(companyId: number, url: string, use: (file: StoredFile) => Promise<T>): Promise<T> => {
      const match = new RegExp(`^${publicUrlPrefix}/company${companyId}/([a-z]+)/([0-9a-f-]{36}\\.[a-z0-9]{1,5})$`).exec(url);
      if (!match) throw new Error(`not a stored file of company ${companyId}`);
      const key = companyKey(companyId, match[1], match[2]);
      return withFileOfKey(key, (path) => use({ path, name: basename(key) }));
    },
    // Any stored file by its /public url (a message's media, whichever folder it is in).
    withPublicFile: <T>(url: string, use: (file: StoredFile) => Promise<T>): Promise<T> => {
      const key = url.startsWith(`${publicUrlPrefix}/`) ? url.slice(publicUrlPrefix.length + 1) : '';
      if (!isStoredKey(key)) throw new Error('media outside the public folder');
      return withFileOfKey(key, (path) => use({ path, name: basename(key) }));
    },
    // What a company's uploads take up (03-saas §2 Companies screen); no folder yet is empty.
    folderStats: async (companyId: number): Promise<FolderStats> => {
      const stats: FolderStats = { size: 0, files: 0, lastModified: null };
      for await (const entry of objects.list(`company${companyId}/`)) {
        stats.size += entry.size;
        stats.files += 1;
        if (!stats.lastModified || entry.lastModified > stats.lastModified) stats.lastModified = entry.lastModified;
      }
      return stats;
    },
    // Everything a deleted company uploaded.
    removeCompany: (companyId: number) => objects.removePrefix(`company${companyId}/`),
  };
};
