// Ids in a body that name another record of the company (a queue's integration and file list, a bot
// option's, a connection's integration and AI prompt): an id that does not exist, or is another
// company's, is a 400 on that field before anything is written.
import type { DbOrTx } from '../../db/client.ts';
import { invalidField } from '../../platform/errors.ts';
import { findFileList } from '../file-lists/file-lists.repo.ts';
import { findIntegration } from '../integrations/integrations.repo.ts';

export type Link = [path: string, id: number | null | undefined];
// a lookup of one record of the company, undefined when it has none with that id
export type FindRecord = (db: DbOrTx, companyId: number, id: number) => Promise<unknown>;

export const checkLink = async (db: DbOrTx, companyId: number, [path, id]: Link, find: FindRecord, message: string) => {
  if (id && !(await find(db, companyId, id))) throw invalidField(path, message);
};

export const checkLinks = async (db: DbOrTx, companyId: number, links: { integration?: Link; fileList?: Link }) => {
  if (links.integration) await checkLink(db, companyId, links.integration, findIntegration, 'validation.unknownIntegration');
  if (links.fileList) await checkLink(db, companyId, links.fileList, findFileList, 'validation.unknownFileList');
};
