// Refresh tokens: one row per issued token, grouped by family (one sign-in). A rotated token
// that is presented again revokes its whole family.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // the sign-in's device and address (issue 38 point 5), copied to each token of the family;
    // signedInAt is when the family began, the newest token's createdAt its last use
    userAgent: text('user_agent'),
    ip: text('ip'),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_id_idx').on(t.familyId), index('refresh_tokens_user_id_idx').on(t.userId)],
);
