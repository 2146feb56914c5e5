// Uploaded files live under <data>/public/company{id}/<folder>/ with generated names only; they
// are served with headers that stop a browser from running them in the app's origin.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

export type Storage = ReturnType<typeof createStorage>;

export const publicUrlPrefix = '/public';

export type FolderStats = { size: number; files: number; lastModified: Date | null };

export const createStorage = (publicDir: string) => {
  const companyDir = (companyId: number) => join(publicDir, `company${companyId}`);
  const folderOf = (companyId: number, folder: string) => join(companyDir(companyId), folder);
  const writeIn = async (dir: string, data: Buffer, extension: string) => {
    const name = `${randomUUID()}.${extension}`;
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, name), data);
    return name;
  };
  // basename: a stored name never walks out of its folder
  const removeIn = (dir: string, name: string) => rm(join(dir, basename(name)), { force: true });
  return {
    publicDir,
    save: (companyId: number, folder: string, data: Buffer, extension: string) => writeIn(folderOf(companyId, folder), data, extension),
    remove: (companyId: number, folder: string, name: string) => removeIn(folderOf(companyId, folder), name),
    // Platform-wide files (the whitelabel images, 03-saas §2) live in public/<folder>/, beside the
    // companies' folders: a folder name is never company{id}.
    savePlatformFile: (folder: string, data: Buffer, extension: string) => writeIn(join(publicDir, folder), data, extension),
    removePlatformFile: (folder: string, name: string) => removeIn(join(publicDir, folder), name),
    // where a stored file is on disk, for readers that stream it (imports)
    pathOf: (companyId: number, folder: string, name: string) => join(folderOf(companyId, folder), basename(name)),
    urlOf: (companyId: number, folder: string, name: string) => `${publicUrlPrefix}/company${companyId}/${folder}/${name}`,
    // Reads back a file of this company by the url urlOf gave; any other url is refused.
    readByUrl: async (companyId: number, url: string) => {
      const match = new RegExp(`^${publicUrlPrefix}/company${companyId}/([a-z]+)/([0-9a-f-]{36}\\.[a-z0-9]{1,5})$`).exec(url);
      if (!match) throw new Error(`not a stored file of company ${companyId}`);
      return readFile(join(folderOf(companyId, match[1]), match[2]));
    },
    // What a company's uploads take up (03-saas §2 Companies screen); no folder yet is empty.
    folderStats: async (companyId: number): Promise<FolderStats> => {
      const entries = await readdir(companyDir(companyId), { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      const stats: FolderStats = { size: 0, files: 0, lastModified: null };
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const info = await stat(join(entry.parentPath, entry.name));
        stats.size += info.size;
        stats.files += 1;
        if (!stats.lastModified || info.mtime > stats.lastModified) stats.lastModified = info.mtime;
      }
      return stats;
    },
    // Everything a deleted company uploaded.
    removeCompany: (companyId: number) => rm(companyDir(companyId), { recursive: true, force: true }),
  };
};
