import { describe, expect, it } from 'vitest';
import { visibleMenuItems } from './navigation.ts';
import { can, permissionFlags, type Actor } from './permissions.ts';
import { allPlanFlagsOn } from './plans.ts';

const actor = (overrides: Partial<Actor> = {}): Actor => ({
  profile: 'user',
  super: false,
  ...(Object.fromEntries(permissionFlags.map((flag) => [flag, 'disabled'])) as Record<(typeof permissionFlags)[number], 'disabled'>),
  ...overrides,
});

describe('can() (01-core §6 Roles and permissions)', () => {
  it('gives admins the static admin permissions and plain users none of them', () => {
    const admin = actor({ profile: 'admin' });
    const user = actor();
    for (const action of ['dashboard:view', 'drawer-admin-items:view', 'tickets-manager:showall', 'user-modal:editProfile',
      'user-modal:editQueues', 'ticket-options:deleteTicket', 'contacts-page:deleteContact', 'connections-page:actionButtons',
      'connections-page:addConnection', 'connections-page:editOrDeleteConnection', 'tickets-manager:closeAll'] as const) {
      expect(can(admin, action)).toBe(true);
      expect(can(user, action)).toBe(false);
    }
  });

  it('showDashboard treats a user as admin for dashboard and reports; allowRealTime gives the panel; allowConnections the connections', () => {
    expect(can(actor({ showDashboard: 'enabled' }), 'dashboard:view')).toBe(true);
    expect(can(actor({ showDashboard: 'enabled' }), 'reports:view')).toBe(true);
    expect(can(actor({ allowRealTime: 'enabled' }), 'panel:view')).toBe(true);
    expect(can(actor({ allowConnections: 'enabled' }), 'connections-page:actionButtons')).toBe(true);
    expect(can(actor({ allowConnections: 'enabled' }), 'drawer-admin-items:view')).toBe(false);
  });

  it('show-all applies to admins and users with allUserChat; the full list to allHistoric, allUserChat, allTicket or admin', () => {
    expect(can(actor({ allUserChat: 'enabled' }), 'tickets-manager:showall')).toBe(true);
    expect(can(actor({ allTicket: 'enabled' }), 'tickets-manager:showall')).toBe(false);
    for (const flag of ['allHistoric', 'allUserChat', 'allTicket'] as const) {
      expect(can(actor({ [flag]: 'enabled' }), 'tickets:viewAll')).toBe(true);
    }
    expect(can(actor(), 'tickets:viewAll')).toBe(false);
  });

  it('allTicket shows tickets without queue; allowGroup the groups; userClosePendingTicket or admin may ignore', () => {
    expect(can(actor({ allTicket: 'enabled' }), 'tickets:viewWithoutQueue')).toBe(true);
    expect(can(actor(), 'tickets:viewWithoutQueue')).toBe(false);
    expect(can(actor({ allowGroup: 'enabled' }), 'tickets:group')).toBe(true);
    expect(can(actor({ profile: 'admin' }), 'tickets:group')).toBe(false);
    expect(can(actor({ userClosePendingTicket: 'enabled' }), 'tickets:ignorePending')).toBe(true);
    expect(can(actor({ profile: 'admin' }), 'tickets:ignorePending')).toBe(true);
    expect(can(actor(), 'tickets:ignorePending')).toBe(false);
  });

  it('super-only areas need the super flag, not the admin profile (03-saas §6)', () => {
    for (const action of ['companies:manage', 'announcements:manage', 'allConnections:view', 'global-settings:manage'] as const) {
      expect(can(actor({ profile: 'admin' }), action)).toBe(false);
      expect(can(actor({ super: true }), action)).toBe(true);
    }
  });
});

describe('visibleMenuItems (01-core §2 App shell, §6 plan flags)', () => {
  it('hides plan-gated items when the plan lacks the flag', () => {
    const admin = actor({ profile: 'admin' });
    const keys = (plan = allPlanFlagsOn) => visibleMenuItems(admin, plan).map((item) => item.key);
    expect(keys()).toEqual(expect.arrayContaining(['campaigns', 'kanban', 'prompts', 'queueIntegration', 'schedules', 'chats', 'messagesApi']));
    const bare = keys({ ...allPlanFlagsOn, useCampaigns: false, useKanban: false, useOpenAi: false, useIntegrations: false,
      useSchedules: false, useInternalChat: false, useExternalApi: false });
    for (const hidden of ['campaigns', 'contactLists', 'campaignsConfig', 'kanban', 'prompts', 'queueIntegration', 'schedules', 'chats', 'messagesApi']) {
      expect(bare).not.toContain(hidden);
    }
  });

  it('shows a plain user only the attendant items; super items only to super', () => {
    const userKeys = visibleMenuItems(actor(), allPlanFlagsOn).map((item) => item.key);
    expect(userKeys).toEqual(expect.arrayContaining(['tickets', 'contacts', 'quickMessages', 'tags', 'chats', 'todolist']));
    expect(userKeys).not.toContain('announcements');
    expect(userKeys).not.toEqual(expect.arrayContaining(['users']));
    expect(userKeys).not.toContain('dashboard');
    const adminKeys = visibleMenuItems(actor({ profile: 'admin' }), allPlanFlagsOn).map((item) => item.key);
    expect(adminKeys).not.toContain('companies');
    expect(adminKeys).not.toContain('announcements');
    expect(visibleMenuItems(actor({ profile: 'admin', super: true }), allPlanFlagsOn).map((item) => item.key)).toEqual(
      expect.arrayContaining(['companies', 'announcements']),
    );
  });

  it('issue 40 point 2: every user has the macros on a plan with automation, nobody without it', () => {
    for (const profile of ['user', 'admin'] as const) {
      expect(visibleMenuItems(actor({ profile }), allPlanFlagsOn).map((item) => item.key)).toContain('macros');
      expect(visibleMenuItems(actor({ profile }), { ...allPlanFlagsOn, useAutomation: false }).map((item) => item.key)).not.toContain('macros');
    }
  });

  it('issue 40 point 1: the automation rules are the admins\' on a plan with automation', () => {
    const keys = (profile: 'user' | 'admin', plan = allPlanFlagsOn) => visibleMenuItems(actor({ profile }), plan).map((item) => item.key);
    expect(keys('admin')).toContain('automationRules');
    expect(keys('user')).not.toContain('automationRules');
    expect(keys('admin', { ...allPlanFlagsOn, useAutomation: false })).not.toContain('automationRules');
  });
});
