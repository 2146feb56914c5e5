// The dashboard's answer (01-core §3 Dashboard counters and attendant row) from the figures' rows:
// the period's row gives the counters, each holder's row its attendant's figures.
import type { DashboardAnswer, DashboardAttendant } from '@atende/shared/dashboard';
import type { DashboardFigures } from './dashboard.repo.ts';

type Attendant = { id: number; name: string; online: boolean };

const attendantRow = (attendant: Attendant, figures: DashboardFigures | undefined): DashboardAttendant => ({
  id: attendant.id,
  name: attendant.name,
  rating: figures?.rating ?? 0,
  countRating: figures?.withRating ?? 0,
  tickets: figures?.tickets ?? 0,
  avgWaitTime: figures?.avgWaitTime ?? 0,
  avgSupportTime: figures?.avgSupportTime ?? 0,
  online: attendant.online,
});

export const toDashboardAnswer = (rows: DashboardFigures[], leads: number, attendants: Attendant[]): DashboardAnswer => {
  const total = rows.find((row) => row.isTotal);
  if (!total) throw new Error('the dashboard figures lack the period row');
  const { isTotal: _isTotal, userId: _userId, rating: _rating, ...counters } = total;
  const byUser = new Map(rows.filter((row) => !row.isTotal && row.userId !== null).map((row) => [row.userId, row]));
  return {
    counters: { ...counters, leads },
    attendants: attendants.map((attendant) => attendantRow(attendant, byUser.get(attendant.id))),
  };
};
