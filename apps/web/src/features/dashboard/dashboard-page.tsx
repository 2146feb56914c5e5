import { can } from '@atende/shared/permissions';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../auth/session-context.ts';
import { ComingSoonPage } from '../coming-soon/coming-soon-page.tsx';
import { AccessDeniedPage } from './access-denied-page.tsx';

// 01-core §2 Dashboard: a plain user without showDashboard gets the 403 page.
export const DashboardPage = () => {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (!can(user, 'dashboard:view')) return <AccessDeniedPage />;
  return <ComingSoonPage area={t('menu.items.dashboard')} />;
};
