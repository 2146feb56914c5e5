// Chats as the API answers them: the members of the whole page in one query, then chats.view.ts.
import type { DbOrTx } from '../../db/client.ts';
import { membersOf, type ChatRow } from './chats.repo.ts';
import { toChatViews } from './chats.view.ts';

export const loadChatViews = async (db: DbOrTx, companyId: number, rows: ChatRow[]) =>
  toChatViews(
    rows,
    await membersOf(
      db,
      companyId,
      rows.map((row) => row.id),
    ),
  );

export const loadChatView = async (db: DbOrTx, companyId: number, row: ChatRow) => (await loadChatViews(db, companyId, [row]))[0];
