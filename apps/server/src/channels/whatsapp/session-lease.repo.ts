// The session lease (whatsapp_session_leases): exactly one process owns a connection's socket.
// Times come from the database's clock, the one clock every process shares.
import { and, eq, lt, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { connections, jobs, whatsappSessionLeases } from '../../db/schema.ts';

export type SessionCommand = 'restart' | 'newQr' | 'logout';

type LeaseKey = { companyId: number; connectionId: number; owner: string };

const expiresIn = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

const ownLease = ({ companyId, connectionId, owner }: LeaseKey) =>
  and(eq(whatsappSessionLeases.companyId, companyId), eq(whatsappSessionLeases.connectionId, connectionId), eq(whatsappSessionLeases.owner, owner));

// Takes the lease when it is free, expired or already ours; answers whether we hold it.
export const acquireLease = async (db: DbOrTx, lease: LeaseKey & { seconds: number }) => {
  const rows = await db
    .insert(whatsappSessionLeases)
    .values({ companyId: lease.companyId, connectionId: lease.connectionId, owner: lease.owner, expiresAt: expiresIn(lease.seconds) })
    .onConflictDoUpdate({
      target: whatsappSessionLeases.connectionId,
      set: { owner: lease.owner, expiresAt: expiresIn(lease.seconds), command: null },
      setWhere: or(eq(whatsappSessionLeases.owner, lease.owner), lt(whatsappSessionLeases.expiresAt, sql`now()`)),
    })
    .returning({ connectionId: whatsappSessionLeases.connectionId });
  return rows.length > 0;
};

// Extends our lease and takes the command another process left for us; undefined when the lease
// is no longer ours.
export const renewLease = async (db: DbOrTx, lease: LeaseKey & { seconds: number }) =>
  db.transaction(async (tx) => {
    const [current] = await tx.select({ command: whatsappSessionLeases.command }).from(whatsappSessionLeases).where(ownLease(lease)).for('update');
    if (!current) return undefined;
    await tx.update(whatsappSessionLeases).set({ expiresAt: expiresIn(lease.seconds), command: null }).where(ownLease(lease));
    return { command: (current.command ?? null) as SessionCommand | null };
  });

export const releaseLease = (db: DbOrTx, lease: LeaseKey) => db.delete(whatsappSessionLeases).where(ownLease(lease));

// Leaves a command for the live owner; false when no other process holds a live lease.
export const sendCommandToOwner = async (db: DbOrTx, lease: LeaseKey, command: SessionCommand) => {
  const rows = await db
    .update(whatsappSessionLeases)
    .set({ command })
    .where(
      and(
        eq(whatsappSessionLeases.companyId, lease.companyId),
        eq(whatsappSessionLeases.connectionId, lease.connectionId),
        sql`${whatsappSessionLeases.owner} <> ${lease.owner}`,
        sql`${whatsappSessionLeases.expiresAt} > now()`,
      ),
    )
    .returning({ connectionId: whatsappSessionLeases.connectionId });
  return rows.length > 0;
};

// Every company's WhatsApp connections whose session no process holds, except those in
// `idleStatuses`, which wait for a user's action.
export const connectionsWithoutLiveLease = (db: DbOrTx, idleStatuses: string[]) =>
  db
    .select({ id: connections.id, companyId: connections.companyId })
    .from(connections)
    .where(
      and(
        eq(connections.channel, 'whatsapp'),
        notInArray(connections.status, idleStatuses),
        sql`not exists (select 1 from ${whatsappSessionLeases} where ${whatsappSessionLeases.connectionId} = ${connections.id} and ${whatsappSessionLeases.expiresAt} > now())`,
      ),
    );

// A claim condition for the job runner: a job about a connection (payload connectionId) whose
// session another live process holds is left to that process, the only one with its socket.
export const notOwnedElsewhere = (owner: string) => sql`not exists (
  select 1 from ${whatsappSessionLeases}
  where ${whatsappSessionLeases.connectionId} = (${jobs.payload}->>'connectionId')::int
    and ${whatsappSessionLeases.owner} <> ${owner} and ${whatsappSessionLeases.expiresAt} > now())`;

// Whether a live process other than `owner` holds the connection's session.
export const liveOwnerElsewhere = async (db: DbOrTx, connectionId: number, owner: string) => {
  const rows = await db
    .select({ connectionId: whatsappSessionLeases.connectionId })
    .from(whatsappSessionLeases)
    .where(
      and(
        eq(whatsappSessionLeases.connectionId, connectionId),
        sql`${whatsappSessionLeases.owner} <> ${owner}`,
        sql`${whatsappSessionLeases.expiresAt} > now()`,
      ),
    );
  return rows.length > 0;
};
