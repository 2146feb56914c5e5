// What the knowledge can take in (issue 42 point 1): the company's quick messages shared with the
// company (general or readable by all; a private one stays its owner's) that have text, and its
// file lists' stored documents.
import { and, asc, eq, isNotNull, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fileListOptions, fileLists, quickMessages } from '../../db/schema.ts';

export const sharedTextQuickMessages = (db: DbOrTx, companyId: number) =>
  db
    .select({ id: quickMessages.id, shortcode: quickMessages.shortcode, message: quickMessages.message })
    .from(quickMessages)
    .where(
      and(
        eq(quickMessages.companyId, companyId),
        eq(quickMessages.status, 'active'),
        or(eq(quickMessages.geral, true), eq(quickMessages.visao, true)),
        ne(quickMessages.message, ''),
      ),
    )
    .orderBy(asc(quickMessages.id));

export const storedFileListDocuments = (db: DbOrTx, companyId: number) =>
  db
    .select({ id: fileListOptions.id, name: fileListOptions.name, path: fileListOptions.path, listName: fileLists.name })
    .from(fileListOptions)
    .innerJoin(fileLists, and(eq(fileLists.id, fileListOptions.fileListId), eq(fileLists.companyId, companyId)))
    .where(and(eq(fileListOptions.companyId, companyId), isNotNull(fileListOptions.path)))
    .orderBy(asc(fileListOptions.id));
