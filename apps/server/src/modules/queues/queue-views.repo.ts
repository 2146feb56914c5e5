// Queues as the API answers them: every chatbot option of the page in one query, then queues.view.ts.
import type { DbOrTx } from '../../db/client.ts';
import { listChatbots, type QueueRow } from './queues.repo.ts';
import { toQueueViews } from './queues.view.ts';

export const loadQueueViews = async (db: DbOrTx, companyId: number, rows: QueueRow[]) =>
  toQueueViews(rows, await listChatbots(db, companyId, rows.map((row) => row.id)));
