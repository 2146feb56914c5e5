// The rooms a ticket event goes to must reach exactly the users canSeeTicket admits (01-core §6),
// for every combination of profile, flags, queues, owner, status and group.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { permissionFlags, profiles, type PermissionFlag } from '@atende/shared/permissions';
import { ticketStatuses } from '@atende/shared/tickets';
import { canSeeTicket, type VisibilityActor, type VisibleTicket } from '@atende/shared/ticket-visibility';
import { ticketAudienceRooms, viewerRooms } from '../../src/platform/ticket-rooms.ts';

const COMPANY = 7;
const flag = fc.constantFrom<'enabled' | 'disabled'>('enabled', 'disabled');
const queueId = fc.integer({ min: 1, max: 4 });

const flags = fc.record(Object.fromEntries(permissionFlags.map((name) => [name, flag])) as Record<PermissionFlag, typeof flag>);
const actor: fc.Arbitrary<VisibilityActor> = fc
  .tuple(
    fc.record({
      id: fc.integer({ min: 1, max: 3 }),
      profile: fc.constantFrom(...profiles),
      super: fc.boolean(),
      queueIds: fc.uniqueArray(queueId, { maxLength: 4 }),
    }),
    flags,
  )
  .map(([person, toggles]) => ({ ...person, ...toggles }));

const ticket: fc.Arbitrary<VisibleTicket> = fc.record({
  status: fc.constantFrom(...ticketStatuses),
  userId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  queueId: fc.option(queueId, { nil: null }),
  isGroup: fc.boolean(),
});

describe('ticket event rooms (01-core §6 visibility, §8 realtime)', () => {
  it('a socket is in a room a ticket event targets exactly when its user may see the ticket', () => {
    fc.assert(
      fc.property(actor, ticket, (viewer, seen) => {
        const joined = new Set([`user:${viewer.id}`, ...viewerRooms(COMPANY, viewer)]);
        const targets = [...ticketAudienceRooms(COMPANY, seen), ...(seen.userId !== null ? [`user:${seen.userId}`] : [])];
        expect(targets.some((room) => joined.has(room))).toBe(canSeeTicket(viewer, seen));
      }),
      { numRuns: 5000 },
    );
  });

  it("another company's rooms never overlap", () => {
    fc.assert(
      fc.property(actor, ticket, (viewer, seen) => {
        const joined = new Set(viewerRooms(COMPANY, viewer));
        expect(ticketAudienceRooms(COMPANY + 1, seen).some((room) => joined.has(room))).toBe(false);
      }),
    );
  });
});
