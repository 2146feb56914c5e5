// Scheduled messages as the API answers them: their contacts and connections read in one query
// each for the whole page, then shaped by schedules.view.ts.
import type { DbOrTx } from '../../db/client.ts';
import type { ScheduleRow } from '../../db/schema.ts';
import { scheduleRelations } from './schedules.repo.ts';
import { toScheduleViews } from './schedules.view.ts';

export const loadScheduleViews = async (db: DbOrTx, companyId: number, rows: ScheduleRow[]) =>
  toScheduleViews(rows, await scheduleRelations(db, companyId, rows));
