// Contacts as the API answers them: tags, extra info and connection names in three queries for the
// whole page (no per-contact queries), then contacts.view.ts.
import type { DbOrTx } from '../../db/client.ts';
import { connectionNames } from '../connections/connections.repo.ts';
import { extraInfoOfContacts, tagsOfContacts, type ContactRow } from './contacts.repo.ts';
import { toContactViews } from './contacts.view.ts';

export const loadContactViews = async (db: DbOrTx, companyId: number, rows: ContactRow[]) => {
  const contactIds = rows.map((row) => row.id);
  const connectionIds = [...new Set(rows.map((row) => row.whatsappId).filter((id): id is number => id !== null))];
  const [tags, extraInfo, connections] = await Promise.all([
    tagsOfContacts(db, companyId, contactIds),
    extraInfoOfContacts(db, companyId, contactIds),
    connectionNames(db, companyId, connectionIds),
  ]);
  return toContactViews(rows, { tags, extraInfo, connections });
};

export const loadContactView = async (db: DbOrTx, row: ContactRow) => (await loadContactViews(db, row.companyId, [row]))[0];
