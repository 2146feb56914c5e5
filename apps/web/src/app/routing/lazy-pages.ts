import { lazy, type ComponentType } from 'react';
import { loadWholeCatalogue } from '../../lib/i18n.ts';

// Each screen is its own chunk, fetched the first time its route renders, so the sign-in page
// does not download the whole app (issue 14 point 4; the budget is checked by scripts/first-load-size.mjs).
const lazyNamed = <Name extends string, Props extends object>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) =>
  lazy(async () => ({ default: (await load())[name] }));

// A screen also waits for the rest of the Portuguese catalogue (lib/i18n.ts); only the sign-in page
// and the mailed links' light pages, a visitor's first load, make do with the part that ships
// with the app (lib/signed-out-catalogue.test.ts).
const lazyWithCatalogue = <Name extends string, Props extends object>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) =>
  lazyNamed(async () => (await Promise.all([load(), loadWholeCatalogue()]))[0], name);

export const AcceptInvitationPage = lazyWithCatalogue(() => import('../../features/login/accept-invitation-page.tsx'), 'AcceptInvitationPage');
export const AllConnectionsPage = lazyWithCatalogue(() => import('../../features/all-connections/all-connections-page.tsx'), 'AllConnectionsPage');
export const AnnouncementsPage = lazyWithCatalogue(() => import('../../features/announcements/announcements-page.tsx'), 'AnnouncementsPage');
export const AppLayout = lazyWithCatalogue(() => import('../shell/app-layout.tsx'), 'AppLayout');
export const AutomationRulesPage = lazyWithCatalogue(() => import('../../features/automation-rules/automation-rules-page.tsx'), 'AutomationRulesPage');
export const ChatsPage = lazyWithCatalogue(() => import('../../features/chats/chats-page.tsx'), 'ChatsPage');
export const ChoosePasswordPage = lazyWithCatalogue(() => import('../../features/login/choose-password-page.tsx'), 'ChoosePasswordPage');
export const ComingSoonPage = lazyWithCatalogue(() => import('../../features/coming-soon/coming-soon-page.tsx'), 'ComingSoonPage');
export const CompaniesPage = lazyWithCatalogue(() => import('../../features/companies/companies-page.tsx'), 'CompaniesPage');
export const ConnectionsPage = lazyWithCatalogue(() => import('../../features/connections/connections-page.tsx'), 'ConnectionsPage');
export const ContactImportPage = lazyWithCatalogue(() => import('../../features/contact-import/contact-import-page.tsx'), 'ContactImportPage');
export const ContactListItemsPage = lazyWithCatalogue(() => import('../../features/contact-lists/contact-list-items-page.tsx'), 'ContactListItemsPage');
export const ContactListsPage = lazyWithCatalogue(() => import('../../features/contact-lists/contact-lists-page.tsx'), 'ContactListsPage');
export const ContactsPage = lazyWithCatalogue(() => import('../../features/contacts/contacts-page.tsx'), 'ContactsPage');
export const EnrollTwoFactorPage = lazyWithCatalogue(() => import('../../features/account-security/enroll-two-factor-page.tsx'), 'EnrollTwoFactorPage');
export const DashboardPage = lazyWithCatalogue(() => import('../../features/dashboard/dashboard-page.tsx'), 'DashboardPage');
export const HelpsPage = lazyWithCatalogue(() => import('../../features/helps/helps-page.tsx'), 'HelpsPage');
export const InvoicesPage = lazyWithCatalogue(() => import('../../features/invoices/invoices-page.tsx'), 'InvoicesPage');
export const KanbanPage = lazyWithCatalogue(() => import('../../features/kanban/kanban-page.tsx'), 'KanbanPage');
export const ForgotPasswordPage = lazyNamed(() => import('../../features/login/forgot-password-page.tsx'), 'ForgotPasswordPage');
export const ResetPasswordPage = lazyNamed(() => import('../../features/login/reset-password-page.tsx'), 'ResetPasswordPage');
export const LoginPage = lazyNamed(() => import('../../features/login/login-page.tsx'), 'LoginPage');
export const SlaPoliciesPage = lazyWithCatalogue(() => import('../../features/sla-policies/sla-policies-page.tsx'), 'SlaPoliciesPage');
export const MacrosPage = lazyWithCatalogue(() => import('../../features/macros/macros-page.tsx'), 'MacrosPage');
export const MessagesApiPage = lazyWithCatalogue(() => import('../../features/messages-api/messages-api-page.tsx'), 'MessagesApiPage');
export const OverduePage = lazyWithCatalogue(() => import('../../features/overdue/overdue-page.tsx'), 'OverduePage');
export const PanelPage = lazyWithCatalogue(() => import('../../features/panel/panel-page.tsx'), 'PanelPage');
export const FileListsPage = lazyWithCatalogue(() => import('../../features/file-lists/file-lists-page.tsx'), 'FileListsPage');
export const KnowledgePage = lazyWithCatalogue(() => import('../../features/knowledge/knowledge-page.tsx'), 'KnowledgePage');
export const PromptsPage = lazyWithCatalogue(() => import('../../features/prompts/prompts-page.tsx'), 'PromptsPage');
export const ApiKeysPage = lazyWithCatalogue(() => import('../../features/api-keys/api-keys-page.tsx'), 'ApiKeysPage');
export const AllApiKeysPage = lazyWithCatalogue(() => import('../../features/api-keys/all-api-keys-page.tsx'), 'AllApiKeysPage');
export const CompanyAuditLogPage = lazyWithCatalogue(() => import('../../features/audit-log/audit-log-page.tsx'), 'CompanyAuditLogPage');
export const AllAuditLogPage = lazyWithCatalogue(() => import('../../features/audit-log/audit-log-page.tsx'), 'AllAuditLogPage');
export const WebhooksPage = lazyWithCatalogue(() => import('../../features/webhooks/webhooks-page.tsx'), 'WebhooksPage');
export const QueueIntegrationPage = lazyWithCatalogue(() => import('../../features/queue-integration/queue-integration-page.tsx'), 'QueueIntegrationPage');
export const QueuesPage = lazyWithCatalogue(() => import('../../features/queues/queues-page.tsx'), 'QueuesPage');
export const QuickMessagesPage = lazyWithCatalogue(() => import('../../features/quick-messages/quick-messages-page.tsx'), 'QuickMessagesPage');
export const ReportsPage = lazyWithCatalogue(() => import('../../features/reports/reports-page.tsx'), 'ReportsPage');
export const CampaignsPage = lazyWithCatalogue(() => import('../../features/campaigns/campaigns-page.tsx'), 'CampaignsPage');
export const CampaignReportPage = lazyWithCatalogue(() => import('../../features/campaigns/campaign-report-page.tsx'), 'CampaignReportPage');
export const CampaignSettingsPage = lazyWithCatalogue(() => import('../../features/campaigns/campaign-settings-page.tsx'), 'CampaignSettingsPage');
export const SecurityPage = lazyWithCatalogue(() => import('../../features/account-security/security-page.tsx'), 'SecurityPage');
export const SchedulesPage = lazyWithCatalogue(() => import('../../features/schedules/schedules-page.tsx'), 'SchedulesPage');
export const SettingsPage = lazyWithCatalogue(() => import('../../features/settings/settings-page.tsx'), 'SettingsPage');
export const SignupPage = lazyWithCatalogue(() => import('../../features/signup/signup-page.tsx'), 'SignupPage');
export const VerifyEmailPage = lazyNamed(() => import('../../features/login/verify-email-page.tsx'), 'VerifyEmailPage');
export const TagsPage = lazyWithCatalogue(() => import('../../features/tags/tags-page.tsx'), 'TagsPage');
export const TicketsPage = lazyWithCatalogue(() => import('../../features/tickets/tickets-page.tsx'), 'TicketsPage');
export const TodolistPage = lazyWithCatalogue(() => import('../../features/todolist/todolist-page.tsx'), 'TodolistPage');
export const UsersPage = lazyWithCatalogue(() => import('../../features/users/users-page.tsx'), 'UsersPage');
