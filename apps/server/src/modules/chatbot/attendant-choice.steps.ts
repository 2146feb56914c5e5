// Who receives a ticket that lands in a queue (02-operations §3 Queue rotation, 03-saas §3
// userRandom, DirectTicketsToWallets). Only online attendants of the queue are chosen; with
// nobody online the ticket waits in the queue for whoever accepts it.
import type { CompanySettings } from '@atende/shared/settings';
import type { DbOrTx } from '../../db/client.ts';
import type { QueueRow } from '../queues/queues.repo.ts';
import { onlineAttendantsOf } from '../assignment/queue-assignment.repo.ts';
import { findUser, queueIdsOfUser } from '../users/users.repo.ts';
import { rotationAttendant } from './queue-rotation.steps.ts';

export type PickRandom = (count: number) => number;
export const pickRandom: PickRandom = (count) => Math.floor(Math.random() * count);

// Rotation gives the ticket to the least busy online attendant (queue-rotation.steps.ts);
// userRandom to any online attendant of the queue.
export const chooseAttendant = async (
  tx: DbOrTx,
  queue: QueueRow,
  settings: CompanySettings,
  random: PickRandom = pickRandom,
): Promise<number | undefined> => {
  if (queue.ativarRoteador) return rotationAttendant(tx, queue.companyId, queue.id);
  if (settings.userRandom !== 'enabled') return undefined;
  const attendants = await onlineAttendantsOf(tx, queue.companyId, queue.id);
  if (attendants.length === 0) return undefined;
  return attendants[random(attendants.length)].id;
};

// The contact's own attendant, in the first of the connection's queues they serve (or none).
export const walletAttendant = async (
  tx: DbOrTx,
  companyId: number,
  walletUserId: number | null,
  connectionQueueIds: number[],
): Promise<{ userId: number; queueId: number | null } | undefined> => {
  if (walletUserId === null || !(await findUser(tx, companyId, walletUserId))) return undefined;
  const served = await queueIdsOfUser(tx, companyId, walletUserId);
  return { userId: walletUserId, queueId: connectionQueueIds.find((id) => served.includes(id)) ?? null };
};
