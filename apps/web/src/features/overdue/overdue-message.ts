import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/format.ts';

export const useOverdueMessage = () => {
  const { t } = useTranslation();
  return (dueDate: string | null | undefined) =>
    dueDate ? t('overdue.message', { date: formatDay(dueDate) }) : t('overdue.messageNoDate');
};
