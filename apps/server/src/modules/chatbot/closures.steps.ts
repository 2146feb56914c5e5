// Whether the company is closed to a customer right now, and what it answers: the connection's
// collective vacation first, then the service hours chosen by scheduleType (03-saas §3):
// 'company' and 'connection' hours answer with the connection's outOfHoursMessage, 'queue' hours
// (once the ticket is in a queue) with the queue's.
import type { CompanySettings } from '@atende/shared/settings';
import type { DbOrTx } from '../../db/client.ts';
import { closedSince, isWithinHours, vacationAt } from '../../platform/service-hours.ts';
import { findCompanySummary } from '../companies/companies.repo.ts';
import type { ConnectionRow } from '../connections/connections.repo.ts';
import type { QueueRow } from '../queues/queues.repo.ts';
import type { Closure } from './closures.rules.ts';

export const closureFor = async (
  tx: DbOrTx,
  scope: { connection: ConnectionRow; queue: QueueRow | undefined; settings: CompanySettings },
  now: Date,
  timeZone: string,
): Promise<Closure | undefined> => {
  const { connection, queue, settings } = scope;
  const vacation = vacationAt(
    { start: connection.collectiveVacationStart, end: connection.collectiveVacationEnd, message: connection.collectiveVacationMessage },
    now,
    timeZone,
  );
  if (vacation) return vacation;
  const hours =
    settings.scheduleType === 'company'
      ? { schedules: (await findCompanySummary(tx, connection.companyId))?.schedules ?? [], message: connection.outOfHoursMessage }
      : settings.scheduleType === 'connection'
        ? { schedules: connection.schedules, message: connection.outOfHoursMessage }
        : settings.scheduleType === 'queue' && queue
          ? { schedules: queue.schedules, message: queue.outOfHoursMessage }
          : undefined;
  if (!hours || isWithinHours(hours.schedules, now, timeZone)) return undefined;
  return { message: hours.message, since: closedSince(hours.schedules, now, timeZone) };
};
