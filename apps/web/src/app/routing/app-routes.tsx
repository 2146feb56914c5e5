import { menuItems } from '@atende/shared/navigation';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ComingSoonPage } from '../../features/coming-soon/coming-soon-page.tsx';
import { ConnectionsPage } from '../../features/connections/connections-page.tsx';
import { ContactsPage } from '../../features/contacts/contacts-page.tsx';
import { DashboardPage } from '../../features/dashboard/dashboard-page.tsx';
import { LoginPage } from '../../features/login/login-page.tsx';
import { MessagesApiPage } from '../../features/messages-api/messages-api-page.tsx';
import { OverduePage } from '../../features/overdue/overdue-page.tsx';
import { QueuesPage } from '../../features/queues/queues-page.tsx';
import { SettingsPage } from '../../features/settings/settings-page.tsx';
import { SignupPage } from '../../features/signup/signup-page.tsx';
import { TicketsPage } from '../../features/tickets/tickets-page.tsx';
import { UsersPage } from '../../features/users/users-page.tsx';
import { AppLayout } from '../shell/app-layout.tsx';
import { RequireAction } from './require-action.tsx';
import { PrivateRoute, PublicRoute } from './route-guards.tsx';

const builtScreens = new Set(['dashboard', 'users', 'tickets', 'contacts', 'queues', 'connections', 'settings', 'messagesApi']);

export const AppRoutes = () => {
  const { t } = useTranslation();
  return (
    <Routes>
      <Route element={<PublicRoute />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
      </Route>
      <Route path="/financeiro-aberto" element={<OverduePage />} />
      <Route element={<PrivateRoute />}>
        <Route element={<AppLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="/tickets/:ticketUuid?" element={<TicketsPage />} />
          <Route path="/contacts" element={<ContactsPage />} />
          <Route path="/contacts/import" element={<ComingSoonPage area={t('menu.items.contacts')} />} />
          <Route
            path="/users"
            element={
              <RequireAction action="users:manage">
                <UsersPage />
              </RequireAction>
            }
          />
          <Route
            path="/queues"
            element={
              <RequireAction action="drawer-admin-items:view">
                <QueuesPage />
              </RequireAction>
            }
          />
          <Route
            path="/connections"
            element={
              <RequireAction action="connections:view">
                <ConnectionsPage />
              </RequireAction>
            }
          />
          <Route
            path="/messages-api"
            element={
              <RequireAction action="drawer-admin-items:view">
                <MessagesApiPage />
              </RequireAction>
            }
          />
          <Route
            path="/settings"
            element={
              <RequireAction action="settings:manage">
                <SettingsPage />
              </RequireAction>
            }
          />
          {menuItems
            .filter((item) => !builtScreens.has(item.key))
            .map((item) => (
              <Route
                key={item.key}
                path={`${item.path}/*`}
                element={<ComingSoonPage area={t(`menu.items.${item.key}`)} />}
              />
            ))}
          <Route path="/helps" element={<ComingSoonPage area={t('menu.items.helps')} />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Routes>
  );
};
