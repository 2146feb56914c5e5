import { DUE_SOON_DAYS } from '@atende/shared/companies';
import { daysUntil } from '../../lib/format.ts';

// 03-saas §2 Companies screen, §4: yellow 1 to 5 days ahead, red when due today or past.
export type DueState = 'overdue' | 'soon' | 'ok';

export const dueState = (dueDate: string, now = new Date()): DueState => {
  const days = daysUntil(dueDate, now);
  if (days <= 0) return 'overdue';
  return days <= DUE_SOON_DAYS ? 'soon' : 'ok';
};
