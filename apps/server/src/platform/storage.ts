// Uploaded files live under <data>/public/company{id}/<folder>/ with generated names only; they
// are served with headers that stop a browser from running them in the app's origin.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

export type Storage = ReturnType<typeof createStorage>;

export const publicUrlPrefix = '/public';

export const createStorage = (publicDir: string) => {
  const folderOf = (companyId: number, folder: string) => join(publicDir, `company${companyId}`, folder);
  return {
    publicDir,
    save: async (companyId: number, folder: string, data: Buffer, extension: string) => {
      const name = `${randomUUID()}.${extension}`;
      const dir = folderOf(companyId, folder);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, name), data);
      return name;
    },
    remove: async (companyId: number, folder: string, name: string) => {
      // basename: a stored name never walks out of its folder
      await rm(join(folderOf(companyId, folder), basename(name)), { force: true });
    },
    // where a stored file is on disk, for readers that stream it (imports)
    pathOf: (companyId: number, folder: string, name: string) => join(folderOf(companyId, folder), basename(name)),
    urlOf: (companyId: number, folder: string, name: string) => `${publicUrlPrefix}/company${companyId}/${folder}/${name}`,
    // Reads back a file of this company by the url urlOf gave; any other url is refused.
    readByUrl: async (companyId: number, url: string) => {
      const match = new RegExp(`^${publicUrlPrefix}/company${companyId}/([a-z]+)/([0-9a-f-]{36}\\.[a-z0-9]{1,5})$`).exec(url);
      if (!match) throw new Error(`not a stored file of company ${companyId}`);
      return readFile(join(folderOf(companyId, match[1]), match[2]));
    },
  };
};
