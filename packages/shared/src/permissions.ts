// Roles and permissions of 01-core §6 and 03-saas §6, written once and used by the server's
// guards and the web's menu and route gating.
import type { PlanFlag, PlanFlags } from './plans.ts';

export const toggleValues = ['enabled', 'disabled'] as const;
export type Toggle = (typeof toggleValues)[number];

export const profiles = ['admin', 'user'] as const;
export type Profile = (typeof profiles)[number];

export const permissionFlags = [
  'allTicket',
  'allowGroup',
  'allHistoric',
  'allUserChat',
  'userClosePendingTicket',
  'showDashboard',
  'allowRealTime',
  'allowConnections',
] as const;
export type PermissionFlag = (typeof permissionFlags)[number];

export type Actor = { profile: Profile; super: boolean } & Record<PermissionFlag, Toggle>;

const on = (actor: Actor, flag: PermissionFlag) => actor[flag] === 'enabled';
const isAdmin = (actor: Actor) => actor.profile === 'admin';

const rules = {
  // static admin permissions of §6
  'dashboard:view': (a) => isAdmin(a) || on(a, 'showDashboard'),
  'reports:view': (a) => isAdmin(a) || on(a, 'showDashboard'),
  'panel:view': (a) => isAdmin(a) || on(a, 'allowRealTime'),
  'drawer-admin-items:view': isAdmin,
  'tickets-manager:showall': (a) => isAdmin(a) || on(a, 'allUserChat'),
  'tickets-manager:closeAll': isAdmin,
  'tickets-manager:filterUsers': isAdmin,
  'tickets-manager:showOwner': isAdmin,
  'tickets:viewAll': (a) => isAdmin(a) || on(a, 'allHistoric') || on(a, 'allUserChat') || on(a, 'allTicket'),
  'tickets:viewPendingAll': (a) => isAdmin(a) || on(a, 'allUserChat'),
  'tickets:viewWithoutQueue': (a) => isAdmin(a) || on(a, 'allTicket'),
  'tickets:group': (a) => on(a, 'allowGroup'),
  'tickets:ignorePending': (a) => isAdmin(a) || on(a, 'userClosePendingTicket'),
  'tickets:closePending': (a) => isAdmin(a) || on(a, 'showDashboard'),
  'ticket-options:deleteTicket': isAdmin,
  'contacts-page:deleteContact': isAdmin,
  'user-modal:editProfile': isAdmin,
  'user-modal:editQueues': isAdmin,
  'users:manage': isAdmin,
  'settings:manage': isAdmin,
  'financeiro:view': isAdmin,
  // issue 38 point 6: the company's audit log
  'audit:view': isAdmin,
  'connections:view': (a) => isAdmin(a) || on(a, 'allowConnections'),
  'connections-page:actionButtons': (a) => isAdmin(a) || on(a, 'allowConnections'),
  'connections-page:addConnection': (a) => isAdmin(a) || on(a, 'allowConnections'),
  'connections-page:editOrDeleteConnection': (a) => isAdmin(a) || on(a, 'allowConnections'),
  // super only (01-core §6, 03-saas §6)
  'companies:manage': (a) => a.super,
  'plans:manage': (a) => a.super,
  'helps:manage': (a) => a.super,
  'announcements:manage': (a) => a.super,
  'allConnections:view': (a) => a.super,
  'global-settings:manage': (a) => a.super,
} satisfies Record<string, (actor: Actor) => boolean>;

export type Action = keyof typeof rules;

export const can = (actor: Actor, action: Action): boolean => rules[action](actor);

export const planAllows = (plan: PlanFlags, flag: PlanFlag | undefined): boolean => flag === undefined || plan[flag];
