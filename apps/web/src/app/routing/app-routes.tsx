import { menuItems } from '@atende/shared/navigation';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import {
  AppLayout,
  ComingSoonPage,
  ConnectionsPage,
  ContactsPage,
  DashboardPage,
  LoginPage,
  MessagesApiPage,
  OverduePage,
  PromptsPage,
  QueueIntegrationPage,
  QueuesPage,
  SettingsPage,
  SignupPage,
  TicketsPage,
  UsersPage,
} from './lazy-pages.ts';
import { RequireAction } from './require-action.tsx';
import { PrivateRoute, PublicRoute } from './route-guards.tsx';

const builtScreens = new Set(['dashboard', 'users', 'tickets', 'contacts', 'queues', 'connections', 'settings', 'messagesApi', 'prompts', 'queueIntegration']);

export const AppRoutes = () => {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingScreen testId="page-loading" />}>
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
              path="/prompts"
              element={
                <RequireAction action="drawer-admin-items:view">
                  <PromptsPage />
                </RequireAction>
              }
            />
            <Route
              path="/queue-integration"
              element={
                <RequireAction action="drawer-admin-items:view">
                  <QueueIntegrationPage />
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
    </Suspense>
  );
};
