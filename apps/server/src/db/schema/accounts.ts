// Account security (issue 38): the single-use links sent by email and the two-factor recovery
// codes. Only a SHA-256 of a link's token or a recovery code is kept (both are random and long
// enough that a fast hash is safe), so a copy of the database opens no account.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

// passwordReset: "forgot password"; invitation: an admin's invitation, where the user chooses a
// password; emailVerification: the public sign-up's proof that the email is its owner's
export const accountTokenPurposes = ['passwordReset', 'invitation', 'emailVerification'] as const;
export type AccountTokenPurpose = (typeof accountTokenPurposes)[number];

export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: accountTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_tokens_token_hash_key').on(t.tokenHash), index('account_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);
