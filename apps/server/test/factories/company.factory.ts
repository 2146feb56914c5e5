// Builds a tenant directly in the database: plan, company and its admin (and more users).
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/client.ts';
import { companies, plans, queues, users } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/modules/users/users.service.ts';

export const TEST_PASSWORD = 'password-123';

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}${randomBytes(2).toString('hex')}`;

const passwordHashPromise = hashPassword(TEST_PASSWORD);

export const createCompany = async (
  db: Db,
  options: { dueDate?: string; maxUsers?: number; status?: boolean; planFlags?: Partial<typeof plans.$inferInsert> } = {},
) => {
  const id = unique();
  const [plan] = await db
    .insert(plans)
    .values({ name: `plan-${id}`, users: options.maxUsers ?? 10, connections: 10, queues: 10, ...options.planFlags })
    .returning();
  const [company] = await db
    .insert(companies)
    .values({ name: `Company ${id}`, planId: plan.id, dueDate: options.dueDate ?? '2999-01-01', status: options.status ?? true })
    .returning();
  const admin = await createUser(db, company.id, { profile: 'admin' });
  return { company, plan, admin };
};

export const createUser = async (
  db: Db,
  companyId: number,
  values: Partial<Omit<typeof users.$inferInsert, 'companyId'>> = {},
) => {
  const [user] = await db
    .insert(users)
    .values({
      name: `User ${unique()}`,
      email: `user-${unique()}@example.test`,
      passwordHash: await passwordHashPromise,
      ...values,
      companyId,
    })
    .returning();
  return user;
};

export const createQueue = async (db: Db, companyId: number, name = `Queue ${unique()}`) => {
  const [queue] = await db
    .insert(queues)
    .values({ companyId, name, color: `#${randomBytes(3).toString('hex')}` })
    .returning();
  return queue;
};
