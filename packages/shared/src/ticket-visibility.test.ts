import { describe, expect, it } from 'vitest';
import { permissionFlags } from './permissions.ts';
import { canSeeTicket, shouldNotify, type VisibilityActor, type VisibleTicket } from './ticket-visibility.ts';

const actor = (overrides: Partial<VisibilityActor> = {}): VisibilityActor => ({
  id: 7,
  profile: 'user',
  super: false,
  queueIds: [1],
  ...(Object.fromEntries(permissionFlags.map((flag) => [flag, 'disabled'])) as Record<(typeof permissionFlags)[number], 'disabled'>),
  ...overrides,
});
const ticket = (overrides: Partial<VisibleTicket & { id: number }> = {}) => ({
  id: 1,
  status: 'pending' as const,
  userId: null,
  queueId: 1,
  isGroup: false,
  ...overrides,
});

describe('canSeeTicket (01-core §6)', () => {
  it('admins see every ticket; owners see their own', () => {
    expect(canSeeTicket(actor({ profile: 'admin', queueIds: [] }), ticket({ queueId: 9, status: 'open', userId: 3 }))).toBe(true);
    expect(canSeeTicket(actor({ queueIds: [] }), ticket({ queueId: 9, status: 'open', userId: 7 }))).toBe(true);
  });
  it("pending tickets of the user's queues are visible, other queues' are not", () => {
    expect(canSeeTicket(actor(), ticket())).toBe(true);
    expect(canSeeTicket(actor(), ticket({ queueId: 2 }))).toBe(false);
  });
  it('tickets without queue need allTicket', () => {
    expect(canSeeTicket(actor(), ticket({ queueId: null }))).toBe(false);
    expect(canSeeTicket(actor({ allTicket: 'enabled' }), ticket({ queueId: null }))).toBe(true);
  });
  it("another user's open ticket needs allUserChat, allHistoric or allTicket within the queues", () => {
    const other = ticket({ status: 'open', userId: 3 });
    expect(canSeeTicket(actor(), other)).toBe(false);
    expect(canSeeTicket(actor({ allUserChat: 'enabled' }), other)).toBe(true);
    expect(canSeeTicket(actor({ allUserChat: 'enabled' }), { ...other, queueId: 2 })).toBe(false);
  });
  it('allHistoric shows closed tickets of everyone', () => {
    expect(canSeeTicket(actor({ allHistoric: 'enabled' }), ticket({ status: 'closed', userId: 3, queueId: 5 }))).toBe(true);
  });
  it('group tickets need allowGroup', () => {
    const group = ticket({ status: 'group', isGroup: true, queueId: null });
    expect(canSeeTicket(actor(), group)).toBe(false);
    expect(canSeeTicket(actor({ allowGroup: 'enabled' }), group)).toBe(true);
  });
});

describe('shouldNotify (01-core §4 Unread handling)', () => {
  const base = { showNotificationPending: true, groupAsTicket: false };
  it('notifies for own tickets and ownerless tickets, not for tickets owned by someone else', () => {
    expect(shouldNotify({ ...base, actor: actor(), ticket: ticket({ status: 'open', userId: 7 }) })).toBe(true);
    expect(shouldNotify({ ...base, actor: actor(), ticket: ticket() })).toBe(true);
    expect(shouldNotify({ ...base, actor: actor(), ticket: ticket({ status: 'open', userId: 3 }) })).toBe(false);
  });
  it("requires one of the user's queues, or no queue with allTicket", () => {
    expect(shouldNotify({ ...base, actor: actor(), ticket: ticket({ queueId: 2 }) })).toBe(false);
    expect(shouldNotify({ ...base, actor: actor(), ticket: ticket({ queueId: null }) })).toBe(false);
    expect(shouldNotify({ ...base, actor: actor({ allTicket: 'enabled' }), ticket: ticket({ queueId: null }) })).toBe(true);
  });
  it('pending tickets notify only with showNotificationPending', () => {
    expect(shouldNotify({ ...base, showNotificationPending: false, actor: actor(), ticket: ticket() })).toBe(false);
  });
  it('group tickets notify only with groupAsTicket and allowGroup', () => {
    const group = ticket({ status: 'group', isGroup: true, queueId: null });
    expect(shouldNotify({ ...base, actor: actor({ allowGroup: 'enabled' }), ticket: group })).toBe(false);
    expect(shouldNotify({ ...base, groupAsTicket: true, actor: actor(), ticket: group })).toBe(false);
    expect(shouldNotify({ ...base, groupAsTicket: true, actor: actor({ allowGroup: 'enabled' }), ticket: group })).toBe(true);
  });
  it('never notifies for a closed ticket (issue 11: the notifications list drops it)', () => {
    expect(shouldNotify({ ...base, actor: actor(), ticket: ticket({ status: 'closed', userId: 7 }) })).toBe(false);
    expect(shouldNotify({ ...base, actor: actor(), ticket: ticket({ status: 'closed' }) })).toBe(false);
  });
  it('never notifies for the ticket open on screen', () => {
    expect(shouldNotify({ ...base, actor: actor(), ticket: ticket(), openTicketId: 1 })).toBe(false);
  });
});
