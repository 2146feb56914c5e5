// Messages as the API answers them: their quoted messages and the contacts of both read in one
// query each for the whole page, then messages.view.ts.
import type { DbOrTx } from '../../db/client.ts';
import { contactSummariesByIds } from '../contacts/contacts.repo.ts';
import { findMessagesByIds, type MessageRow } from './messages.repo.ts';
import { toMessageViews, type ContactSummary } from './messages.view.ts';

// `known`: contacts the caller holds already (a ticket's own contact), not read again.
export const loadMessageViews = async (db: DbOrTx, rows: MessageRow[], known: ContactSummary[] = []) => {
  if (rows.length === 0) return [];
  const companyId = rows[0].companyId;
  const quotedIds = [...new Set(rows.map((row) => row.quotedMsgId).filter((id): id is number => id !== null))];
  const quoted = await findMessagesByIds(db, companyId, quotedIds);
  const knownIds = new Set(known.map((contact) => contact.id));
  const missing = [...new Set([...rows, ...quoted].map((row) => row.contactId))].filter((id): id is number => id !== null && !knownIds.has(id));
  const contacts = [...known, ...(await contactSummariesByIds(db, companyId, missing))];
  return toMessageViews(rows, { quoted, contacts });
};

export const loadMessageView = async (db: DbOrTx, row: MessageRow, known: ContactSummary[] = []) => (await loadMessageViews(db, [row], known))[0];
