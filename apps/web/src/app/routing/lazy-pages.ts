import { lazy, type ComponentType } from 'react';

// Each screen is its own chunk, fetched the first time its route renders, so the sign-in page
// does not download the whole app (issue 14 point 4; the budget is checked by scripts/first-load-size.mjs).
const lazyNamed = <Name extends string, Props extends object>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) =>
  lazy(async () => ({ default: (await load())[name] }));

export const AppLayout = lazyNamed(() => import('../shell/app-layout.tsx'), 'AppLayout');
export const ChoosePasswordPage = lazyNamed(() => import('../../features/auth/choose-password-page.tsx'), 'ChoosePasswordPage');
export const ComingSoonPage = lazyNamed(() => import('../../features/coming-soon/coming-soon-page.tsx'), 'ComingSoonPage');
export const ConnectionsPage = lazyNamed(() => import('../../features/connections/connections-page.tsx'), 'ConnectionsPage');
export const ContactsPage = lazyNamed(() => import('../../features/contacts/contacts-page.tsx'), 'ContactsPage');
export const DashboardPage = lazyNamed(() => import('../../features/dashboard/dashboard-page.tsx'), 'DashboardPage');
export const LoginPage = lazyNamed(() => import('../../features/login/login-page.tsx'), 'LoginPage');
export const MessagesApiPage = lazyNamed(() => import('../../features/messages-api/messages-api-page.tsx'), 'MessagesApiPage');
export const OverduePage = lazyNamed(() => import('../../features/overdue/overdue-page.tsx'), 'OverduePage');
export const PromptsPage = lazyNamed(() => import('../../features/prompts/prompts-page.tsx'), 'PromptsPage');
export const QueueIntegrationPage = lazyNamed(() => import('../../features/queue-integration/queue-integration-page.tsx'), 'QueueIntegrationPage');
export const QueuesPage = lazyNamed(() => import('../../features/queues/queues-page.tsx'), 'QueuesPage');
export const SettingsPage = lazyNamed(() => import('../../features/settings/settings-page.tsx'), 'SettingsPage');
export const SignupPage = lazyNamed(() => import('../../features/signup/signup-page.tsx'), 'SignupPage');
export const TicketsPage = lazyNamed(() => import('../../features/tickets/tickets-page.tsx'), 'TicketsPage');
export const UsersPage = lazyNamed(() => import('../../features/users/users-page.tsx'), 'UsersPage');
