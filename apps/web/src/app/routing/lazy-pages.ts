import { lazy, type ComponentType } from 'react';

// Each screen is its own chunk, fetched the first time its route renders, so the sign-in page
// does not download the whole app (issue 14 point 4; the budget is checked by scripts/first-load-size.mjs).
const lazyNamed = <Name extends string, Props extends object>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) =>
  lazy(async () => ({ default: (await load())[name] }));

export const AcceptInvitationPage = lazyNamed(() => import('../../features/login/accept-invitation-page.tsx'), 'AcceptInvitationPage');
export const AllConnectionsPage = lazyNamed(() => import('../../features/all-connections/all-connections-page.tsx'), 'AllConnectionsPage');
export const AnnouncementsPage = lazyNamed(() => import('../../features/announcements/announcements-page.tsx'), 'AnnouncementsPage');
export const AppLayout = lazyNamed(() => import('../shell/app-layout.tsx'), 'AppLayout');
export const ChatsPage = lazyNamed(() => import('../../features/chats/chats-page.tsx'), 'ChatsPage');
export const ChoosePasswordPage = lazyNamed(() => import('../../features/login/choose-password-page.tsx'), 'ChoosePasswordPage');
export const ComingSoonPage = lazyNamed(() => import('../../features/coming-soon/coming-soon-page.tsx'), 'ComingSoonPage');
export const CompaniesPage = lazyNamed(() => import('../../features/companies/companies-page.tsx'), 'CompaniesPage');
export const ConnectionsPage = lazyNamed(() => import('../../features/connections/connections-page.tsx'), 'ConnectionsPage');
export const ContactImportPage = lazyNamed(() => import('../../features/contact-import/contact-import-page.tsx'), 'ContactImportPage');
export const ContactListItemsPage = lazyNamed(() => import('../../features/contact-lists/contact-list-items-page.tsx'), 'ContactListItemsPage');
export const ContactListsPage = lazyNamed(() => import('../../features/contact-lists/contact-lists-page.tsx'), 'ContactListsPage');
export const ContactsPage = lazyNamed(() => import('../../features/contacts/contacts-page.tsx'), 'ContactsPage');
export const EnrollTwoFactorPage = lazyNamed(() => import('../../features/account-security/enroll-two-factor-page.tsx'), 'EnrollTwoFactorPage');
export const DashboardPage = lazyNamed(() => import('../../features/dashboard/dashboard-page.tsx'), 'DashboardPage');
export const HelpsPage = lazyNamed(() => import('../../features/helps/helps-page.tsx'), 'HelpsPage');
export const InvoicesPage = lazyNamed(() => import('../../features/invoices/invoices-page.tsx'), 'InvoicesPage');
export const KanbanPage = lazyNamed(() => import('../../features/kanban/kanban-page.tsx'), 'KanbanPage');
export const ForgotPasswordPage = lazyNamed(() => import('../../features/login/forgot-password-page.tsx'), 'ForgotPasswordPage');
export const ResetPasswordPage = lazyNamed(() => import('../../features/login/reset-password-page.tsx'), 'ResetPasswordPage');
export const LoginPage = lazyNamed(() => import('../../features/login/login-page.tsx'), 'LoginPage');
export const MessagesApiPage = lazyNamed(() => import('../../features/messages-api/messages-api-page.tsx'), 'MessagesApiPage');
export const OverduePage = lazyNamed(() => import('../../features/overdue/overdue-page.tsx'), 'OverduePage');
export const PanelPage = lazyNamed(() => import('../../features/panel/panel-page.tsx'), 'PanelPage');
export const FileListsPage = lazyNamed(() => import('../../features/file-lists/file-lists-page.tsx'), 'FileListsPage');
export const PromptsPage = lazyNamed(() => import('../../features/prompts/prompts-page.tsx'), 'PromptsPage');
export const ApiKeysPage = lazyNamed(() => import('../../features/api-keys/api-keys-page.tsx'), 'ApiKeysPage');
export const AllApiKeysPage = lazyNamed(() => import('../../features/api-keys/all-api-keys-page.tsx'), 'AllApiKeysPage');
export const CompanyAuditLogPage = lazyNamed(() => import('../../features/audit-log/audit-log-page.tsx'), 'CompanyAuditLogPage');
export const AllAuditLogPage = lazyNamed(() => import('../../features/audit-log/audit-log-page.tsx'), 'AllAuditLogPage');
export const WebhooksPage = lazyNamed(() => import('../../features/webhooks/webhooks-page.tsx'), 'WebhooksPage');
export const QueueIntegrationPage = lazyNamed(() => import('../../features/queue-integration/queue-integration-page.tsx'), 'QueueIntegrationPage');
export const QueuesPage = lazyNamed(() => import('../../features/queues/queues-page.tsx'), 'QueuesPage');
export const QuickMessagesPage = lazyNamed(() => import('../../features/quick-messages/quick-messages-page.tsx'), 'QuickMessagesPage');
export const ReportsPage = lazyNamed(() => import('../../features/reports/reports-page.tsx'), 'ReportsPage');
export const CampaignsPage = lazyNamed(() => import('../../features/campaigns/campaigns-page.tsx'), 'CampaignsPage');
export const CampaignReportPage = lazyNamed(() => import('../../features/campaigns/campaign-report-page.tsx'), 'CampaignReportPage');
export const CampaignSettingsPage = lazyNamed(() => import('../../features/campaigns/campaign-settings-page.tsx'), 'CampaignSettingsPage');
export const SecurityPage = lazyNamed(() => import('../../features/account-security/security-page.tsx'), 'SecurityPage');
export const SchedulesPage = lazyNamed(() => import('../../features/schedules/schedules-page.tsx'), 'SchedulesPage');
export const SettingsPage = lazyNamed(() => import('../../features/settings/settings-page.tsx'), 'SettingsPage');
export const SignupPage = lazyNamed(() => import('../../features/signup/signup-page.tsx'), 'SignupPage');
export const VerifyEmailPage = lazyNamed(() => import('../../features/signup/verify-email-page.tsx'), 'VerifyEmailPage');
export const TagsPage = lazyNamed(() => import('../../features/tags/tags-page.tsx'), 'TagsPage');
export const TicketsPage = lazyNamed(() => import('../../features/tickets/tickets-page.tsx'), 'TicketsPage');
export const TodolistPage = lazyNamed(() => import('../../features/todolist/todolist-page.tsx'), 'TodolistPage');
export const UsersPage = lazyNamed(() => import('../../features/users/users-page.tsx'), 'UsersPage');
