// The side menu of 01-core §2 App shell: which item needs which permission or plan flag.
// The web adds icons and labels; the rules live here so menu and route gating agree.
import { can, planAllows, type Action, type Actor } from './permissions.ts';
import type { PlanFlag, PlanFlags } from './plans.ts';

export const menuGroups = ['main', 'management', 'campaigns', 'administration'] as const;
export type MenuGroup = (typeof menuGroups)[number];

export type MenuItem = {
  key: string;
  path: string;
  group: MenuGroup;
  action?: Action;
  planFlag?: PlanFlag;
};

export const menuItems: readonly MenuItem[] = [
  { key: 'dashboard', path: '/', group: 'management', action: 'dashboard:view' },
  { key: 'reports', path: '/reports', group: 'management', action: 'reports:view' },
  { key: 'moments', path: '/moments', group: 'management', action: 'panel:view' },
  { key: 'tickets', path: '/tickets', group: 'main' },
  { key: 'quickMessages', path: '/quick-messages', group: 'main' },
  // issue 40 point 2: every user's own macros and the shared ones
  { key: 'macros', path: '/macros', group: 'main', planFlag: 'useAutomation' },
  { key: 'kanban', path: '/kanban', group: 'main', planFlag: 'useKanban' },
  { key: 'contacts', path: '/contacts', group: 'main' },
  { key: 'schedules', path: '/schedules', group: 'main', planFlag: 'useSchedules' },
  { key: 'tags', path: '/tags', group: 'main' },
  { key: 'chats', path: '/chats', group: 'main', planFlag: 'useInternalChat' },
  { key: 'todolist', path: '/todolist', group: 'main' },
  // shown only while the help list is not empty (the web checks GET /helps/list)
  { key: 'helps', path: '/helps', group: 'main' },
  { key: 'campaigns', path: '/campaigns', group: 'campaigns', action: 'drawer-admin-items:view', planFlag: 'useCampaigns' },
  { key: 'contactLists', path: '/contact-lists', group: 'campaigns', action: 'drawer-admin-items:view', planFlag: 'useCampaigns' },
  { key: 'campaignsConfig', path: '/campaigns-config', group: 'campaigns', action: 'drawer-admin-items:view', planFlag: 'useCampaigns' },
  { key: 'announcements', path: '/announcements', group: 'administration', action: 'announcements:manage' },
  { key: 'messagesApi', path: '/messages-api', group: 'administration', action: 'drawer-admin-items:view', planFlag: 'useExternalApi' },
  // issue 37 point 2: keys for the whole API, beside the messages API of the same plan flag
  { key: 'apiKeys', path: '/api-keys', group: 'administration', action: 'drawer-admin-items:view', planFlag: 'useExternalApi' },
  { key: 'users', path: '/users', group: 'administration', action: 'users:manage' },
  { key: 'queues', path: '/queues', group: 'administration', action: 'drawer-admin-items:view' },
  // issue 40 point 3: the company's service levels per queue and priority
  { key: 'slaPolicies', path: '/sla-policies', group: 'administration', action: 'drawer-admin-items:view', planFlag: 'useAutomation' },
  { key: 'prompts', path: '/prompts', group: 'administration', action: 'drawer-admin-items:view', planFlag: 'useOpenAi' },
  // issue 42 point 1: what the copilot knows, beside the prompts
  { key: 'knowledge', path: '/knowledge', group: 'administration', action: 'drawer-admin-items:view', planFlag: 'useOpenAi' },
  { key: 'queueIntegration', path: '/queue-integration', group: 'administration', action: 'drawer-admin-items:view', planFlag: 'useIntegrations' },
  // issue 37 point 1: not /webhooks, whose paths are Meta's (a GET of /webhooks/whatsappapi is its handshake, never the app)
  { key: 'webhooks', path: '/webhook-endpoints', group: 'administration', action: 'drawer-admin-items:view', planFlag: 'useIntegrations' },
  // issue 40 point 1: what runs by itself when a ticket or a message changes
  { key: 'automationRules', path: '/automation-rules', group: 'administration', action: 'drawer-admin-items:view', planFlag: 'useAutomation' },
  { key: 'connections', path: '/connections', group: 'administration', action: 'connections:view' },
  { key: 'allConnections', path: '/allConnections', group: 'administration', action: 'allConnections:view' },
  // issue 37 point 2: every company's keys, whatever the plan of the super admin's own company
  { key: 'allApiKeys', path: '/all-api-keys', group: 'administration', action: 'companies:manage' },
  // issue 38 point 6: who changed what; the super admin's screen shows every company's
  { key: 'auditLog', path: '/audit-log', group: 'administration', action: 'audit:view' },
  { key: 'allAuditLog', path: '/all-audit-log', group: 'administration', action: 'companies:manage' },
  { key: 'files', path: '/files', group: 'administration', action: 'drawer-admin-items:view' },
  { key: 'financeiro', path: '/financeiro', group: 'administration', action: 'financeiro:view' },
  { key: 'settings', path: '/settings', group: 'administration', action: 'settings:manage' },
  { key: 'companies', path: '/companies', group: 'administration', action: 'companies:manage' },
];

export const visibleMenuItems = (actor: Actor, plan: PlanFlags): MenuItem[] =>
  menuItems.filter((item) => (item.action === undefined || can(actor, item.action)) && planAllows(plan, item.planFlag));

// Every path the web app has a screen for (01-core §2, 03-saas §2): the menu's and the few outside
// it, each with whatever follows a slash (/tickets/{uuid}, /contacts/import). The server answers
// the app for a GET of one of these that is not an API call.
const screenRoots = ['/login', '/signup', '/financeiro-aberto', ...menuItems.map((item) => item.path).filter((path) => path !== '/')];

export const isScreenPath = (path: string) =>
  path === '/' || screenRoots.some((root) => path === root || path.startsWith(`${root}/`));
