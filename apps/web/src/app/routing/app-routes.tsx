import { menuItems } from '@atende/shared/navigation';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import {
  AcceptInvitationPage,
  AllApiKeysPage,
  AllAuditLogPage,
  CompanyAuditLogPage,
  AllConnectionsPage,
  ApiKeysPage,
  AnnouncementsPage,
  AppLayout,
  AutomationRulesPage,
  CampaignReportPage,
  CampaignSettingsPage,
  CampaignsPage,
  ChatsPage,
  ComingSoonPage,
  CompaniesPage,
  ConnectionsPage,
  ContactImportPage,
  ContactListItemsPage,
  ContactListsPage,
  ContactsPage,
  DashboardPage,
  FileListsPage,
  ForgotPasswordPage,
  HelpsPage,
  InvoicesPage,
  KanbanPage,
  LoginPage,
  MacrosPage,
  SlaPoliciesPage,
  MessagesApiPage,
  OverduePage,
  PanelPage,
  KnowledgePage,
  PromptsPage,
  QueueIntegrationPage,
  QueuesPage,
  QuickMessagesPage,
  ReportsPage,
  ResetPasswordPage,
  SchedulesPage,
  SecurityPage,
  SettingsPage,
  SignupPage,
  TagsPage,
  TicketsPage,
  TodolistPage,
  UsersPage,
  VerifyEmailPage,
  WebhooksPage,
} from './lazy-pages.ts';
import { RequireAction } from './require-action.tsx';
import { RequirePlanFlag } from '../../lib/session/require-plan-flag.tsx';
import { PrivateRoute, PublicRoute } from './route-guards.tsx';

const builtScreens = new Set(['dashboard', 'users', 'tickets', 'contacts', 'queues', 'connections', 'settings', 'messagesApi', 'companies', 'allConnections', 'helps', 'financeiro', 'chats', 'todolist', 'announcements', 'moments', 'reports', 'tags', 'kanban', 'quickMessages', 'macros', 'slaPolicies', 'schedules', 'contactLists', 'prompts', 'knowledge', 'queueIntegration', 'webhooks', 'automationRules', 'apiKeys', 'allApiKeys', 'files', 'campaigns', 'campaignsConfig']);

export const AppRoutes = () => {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingScreen testId="page-loading" />}>
      <Routes>
        <Route element={<PublicRoute />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        </Route>
        {/* a mailed link works whoever is signed in in this browser (issue 38 points 2 and 3) */}
        <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/financeiro-aberto" element={<OverduePage />} />
        <Route element={<PrivateRoute />}>
          <Route element={<AppLayout />}>
            <Route index element={<DashboardPage />} />
            <Route path="/tickets/:ticketUuid?" element={<TicketsPage />} />
            <Route path="/contacts" element={<ContactsPage />} />
            <Route path="/tags" element={<TagsPage />} />
            <Route
              path="/Kanban"
              element={
                <RequirePlanFlag flag="useKanban" message={t('shell.noPlanPermission')}>
                  <KanbanPage />
                </RequirePlanFlag>
              }
            />
            <Route path="/quick-messages" element={<QuickMessagesPage />} />
            <Route
              path="/macros"
              element={
                <RequirePlanFlag flag="useAutomation" message={t('shell.noPlanPermission')}>
                  <MacrosPage />
                </RequirePlanFlag>
              }
            />
            <Route
              path="/sla-policies"
              element={
                <RequireAction action="drawer-admin-items:view">
                  <RequirePlanFlag flag="useAutomation" message={t('shell.noPlanPermission')}>
                    <SlaPoliciesPage />
                  </RequirePlanFlag>
                </RequireAction>
              }
            />
            <Route path="/security" element={<SecurityPage />} />
            <Route path="/TagsKanban" element={<TagsPage lanes />} />
            <Route path="/contacts/import" element={<ContactImportPage />} />
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
              path="/knowledge"
              element={
                <RequireAction action="drawer-admin-items:view">
                  <KnowledgePage />
                </RequireAction>
              }
            />
            <Route
              path="/files"
              element={
                <RequireAction action="drawer-admin-items:view">
                  <FileListsPage />
                </RequireAction>
              }
            />
            <Route
              path="/api-keys"
              element={
                <RequireAction action="drawer-admin-items:view">
                  <RequirePlanFlag flag="useExternalApi" message={t('shell.noPlanPermission')}>
                    <ApiKeysPage />
                  </RequirePlanFlag>
                </RequireAction>
              }
            />
            <Route
              path="/all-api-keys"
              element={
                <RequireAction action="companies:manage">
                  <AllApiKeysPage />
                </RequireAction>
              }
            />
            <Route
              path="/audit-log"
              element={
                <RequireAction action="audit:view">
                  <CompanyAuditLogPage />
                </RequireAction>
              }
            />
            <Route
              path="/all-audit-log"
              element={
                <RequireAction action="companies:manage">
                  <AllAuditLogPage />
                </RequireAction>
              }
            />
            <Route
              path="/webhook-endpoints"
              element={
                <RequireAction action="drawer-admin-items:view">
                  <RequirePlanFlag flag="useIntegrations" message={t('shell.noPlanPermission')}>
                    <WebhooksPage />
                  </RequirePlanFlag>
                </RequireAction>
              }
            />
            <Route
              path="/automation-rules"
              element={
                <RequireAction action="drawer-admin-items:view">
                  <RequirePlanFlag flag="useAutomation" message={t('shell.noPlanPermission')}>
                    <AutomationRulesPage />
                  </RequirePlanFlag>
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
            <Route path="/schedules" element={<SchedulesPage />} />
            <Route
              path="/campaigns"
              element={
                <RequireAction action="drawer-admin-items:view">
                  <CampaignsPage />
                </RequireAction>
              }
            />
            <Route
              path="/campaign/:campaignId/report"
              element={
                <RequireAction action="drawer-admin-items:view">
                  <CampaignReportPage />
                </RequireAction>
              }
            />
            <Route
              path="/campaigns-config"
              element={
                <RequireAction action="drawer-admin-items:view">
                  <CampaignSettingsPage />
                </RequireAction>
              }
            />
            <Route
              path="/contact-lists"
              element={
                <RequireAction action="drawer-admin-items:view">
                  <ContactListsPage />
                </RequireAction>
              }
            />
            <Route
              path="/contact-lists/:contactListId/contacts"
              element={
                <RequireAction action="drawer-admin-items:view">
                  <ContactListItemsPage />
                </RequireAction>
              }
            />
            <Route
              path="/companies"
              element={
                <RequireAction action="companies:manage">
                  <CompaniesPage />
                </RequireAction>
              }
            />
            <Route
              path="/moments"
              element={
                <RequireAction action="panel:view">
                  <PanelPage />
                </RequireAction>
              }
            />
            <Route
              path="/allConnections"
              element={
                <RequireAction action="allConnections:view">
                  <AllConnectionsPage />
                </RequireAction>
              }
            />
            <Route
              path="/financeiro"
              element={
                <RequireAction action="financeiro:view">
                  <InvoicesPage />
                </RequireAction>
              }
            />
            <Route
              path="/reports"
              element={
                <RequireAction action="reports:view">
                  <ReportsPage />
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
            <Route path="/todolist" element={<TodolistPage />} />
            <Route
              path="/announcements"
              element={
                <RequireAction action="announcements:manage">
                  <AnnouncementsPage />
                </RequireAction>
              }
            />
            <Route
              path="/chats/:uuid?"
              element={
                <RequirePlanFlag flag="useInternalChat" message={t('shell.noPlanPermission')}>
                  <ChatsPage />
                </RequirePlanFlag>
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
            <Route path="/helps" element={<HelpsPage />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
};
