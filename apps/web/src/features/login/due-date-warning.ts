import { DUE_WARNING_DAYS, LOGIN_TOAST_AUTO_CLOSE_MS } from '@atende/shared/constants';
import i18n from '../../lib/i18n.ts';
import { daysUntil } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';

// 01-core §4 Session: warn at sign-in when fewer than 5 days remain.
export const warnIfDueSoon = (dueDate: string) => {
  const days = daysUntil(dueDate);
  if (days < 0 || days >= DUE_WARNING_DAYS) return;
  const key = days === 1 ? 'login.dueSoon.one' : 'login.dueSoon.other';
  toast.warning(i18n.t(key, { days }), { autoClose: LOGIN_TOAST_AUTO_CLOSE_MS });
};
