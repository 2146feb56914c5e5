// Two-factor sign-in (issue 38 point 4): the signed-in user turns TOTP on with a first code and
// gets ten single-use recovery codes, regenerates them or turns it off with a current code; an
// admin turns it off for a user who lost the device. The sign-in's second step asks
// acceptSignInFactor (auth.service.ts). Every change is audited in its transaction.
import { createHash, randomInt } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { brandingFallbacks } from '@atende/shared/settings';
import { RECOVERY_CODE_COUNT } from '@atende/shared/two-factor';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import { findTwoFactorRequirement } from '../../platform/access.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { LoginAttempts } from '../../platform/login-attempts.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { recordAudit, type AuditActor } from '../audit/audit.steps.ts';
import { readGlobalSetting } from '../settings/global-settings.repo.ts';
import { findUser, type UserRow } from '../users/users.repo.ts';
import * as repo from './two-factor.repo.ts';
import { generateTotpSecret, matchTotpStep, otpauthUri } from './totp.ts';

type Deps = { db: Db; secrets: SecretBox; clock: Clock; loginAttempts: LoginAttempts };

// The sign-in's second factor: a code of the app, or one of the recovery codes (both normalised
// by the shared schema).
export type SignInFactor = { code?: string; recoveryCode?: string };

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const RECOVERY_HALF = 5;

const invalidCode = () => new AppError('ERR_INVALID_TWO_FACTOR_CODE', 400);
const notEnabled = () => new AppError('ERR_TWO_FACTOR_NOT_ENABLED', 409);
const sessionEnded = () => new AppError('ERR_SESSION_EXPIRED', 401);

const randomHalf = () => Array.from({ length: RECOVERY_HALF }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
// the shared schema reads a typed code without its dash; the hash is of that form
const hashRecoveryCode = (code: string) => createHash('sha256').update(code.replace('-', '')).digest('hex');

export const createTwoFactorService = ({ db, secrets, clock, loginAttempts }: Deps) => {
  const ownRow = async (tenant: TenantContext) => {
    const row = await findUser(db, tenant.companyId, tenant.userId);
    if (!row) throw sessionEnded();
    return row;
  };

  // The step of the app's code if it is right and newer than the last one accepted, claimed at once.
  const claimCode = async (row: UserRow, code: string) => {
    if (!row.totpSecret) return false;
    const step = matchTotpStep(secrets.open(row.totpSecret), code, clock.now());
    return step !== null && repo.claimTotpStep(db, row.companyId, row.id, step);
  };

  // A held session proving it is the user's again: a wrong answer counts with the sign-in failures
  // (the account's own session is a known client, as for a password change).
  const provenWith = async (row: UserRow, ip: string, proof: () => Promise<boolean>) => {
    const client = { ip, known: true };
    await loginAttempts.check(row.email, client);
    const ok = await proof();
    if (!ok) await loginAttempts.recordFailure(row.email, client);
    else await loginAttempts.recordSuccess(row.email, client);
    return ok;
  };

  const useRecoveryCode = (row: UserRow, code: string, actor: AuditActor) =>
    withTransaction(db, async (tx) => {
      if (!(await repo.claimRecoveryCode(tx, row.companyId, row.id, hashRecoveryCode(code)))) return false;
      await audit(tx, actor, row, 'auth.recoveryCodeUsed');
      return true;
    });

  // ten fresh codes replace the old ones; only their hashes are stored
  const newRecoveryCodes = async (tx: DbOrTx, row: UserRow) => {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${randomHalf()}-${randomHalf()}`);
    await repo.replaceRecoveryCodes(tx, row.companyId, row.id, codes.map(hashRecoveryCode));
    return codes;
  };

  const audit = (tx: DbOrTx, actor: AuditActor, row: UserRow, action: 'auth.twoFactorEnabled' | 'auth.twoFactorDisabled' | 'auth.twoFactorReset' | 'auth.twoFactorFailed' | 'auth.recoveryCodesRegenerated' | 'auth.recoveryCodeUsed') =>
    recordAudit(tx, actor, { companyId: row.companyId, action, entityType: 'user', entityId: row.id });

  return {
    // A new secret replaces any earlier unconfirmed one; the app is named after the whitelabel.
    setup: async (tenant: TenantContext) => {
      const row = await ownRow(tenant);
      const secret = generateTotpSecret();
      if (!(await repo.storePendingSecret(db, row.companyId, row.id, secrets.seal(secret)))) throw new AppError('ERR_TWO_FACTOR_ALREADY_ENABLED', 409);
      const issuer = (await readGlobalSetting(db, 'appName')) || brandingFallbacks.appName;
      return { otpauthUri: otpauthUri({ issuer, account: row.email, secret }), manualKey: secret };
    },

    confirm: async (tenant: TenantContext, code: string, actor: AuditActor) => {
      const row = await ownRow(tenant);
      if (row.totpEnabledAt) throw new AppError('ERR_TWO_FACTOR_ALREADY_ENABLED', 409);
      if (!row.totpSecret) throw new AppError('ERR_TWO_FACTOR_NOT_STARTED', 409);
      const step = matchTotpStep(secrets.open(row.totpSecret), code, clock.now());
      if (step === null) throw invalidCode();
      const recoveryCodes = await withTransaction(db, async (tx) => {
        if (!(await repo.enableTwoFactor(tx, row.companyId, row.id, step))) throw invalidCode();
        await audit(tx, actor, row, 'auth.twoFactorEnabled');
        return newRecoveryCodes(tx, row);
      });
      return { recoveryCodes };
    },

    // with a current code or the password; refused where the company or the platform requires it
    disable: async (tenant: TenantContext, proof: { code?: string; password?: string }, actor: AuditActor, ip: string) => {
      const row = await ownRow(tenant);
      if (!row.totpEnabledAt) throw notEnabled();
      if ((await findTwoFactorRequirement(db, row.companyId, row.id)).required) throw new AppError('ERR_TWO_FACTOR_REQUIRED', 409);
      const proven = await provenWith(row, ip, () =>
        proof.code !== undefined ? claimCode(row, proof.code) : verify(row.passwordHash, proof.password ?? '').catch(() => false),
      );
      if (!proven) throw proof.code !== undefined ? invalidCode() : invalidField('body.password', 'validation.wrongPassword');
      await withTransaction(db, async (tx) => {
        await repo.clearTwoFactor(tx, row.id, { companyId: row.companyId, withSuper: true });
        await audit(tx, actor, row, 'auth.twoFactorDisabled');
      });
    },

    regenerateRecoveryCodes: async (tenant: TenantContext, code: string, actor: AuditActor, ip: string) => {
      const row = await ownRow(tenant);
      if (!row.totpEnabledAt) throw notEnabled();
      if (!(await provenWith(row, ip, () => claimCode(row, code)))) throw invalidCode();
      const recoveryCodes = await withTransaction(db, async (tx) => {
        await audit(tx, actor, row, 'auth.recoveryCodesRegenerated');
        return newRecoveryCodes(tx, row);
      });
      return { recoveryCodes };
    },

    // The user lost the device: an admin of its company (never for a super user), or the super
    // admin for anyone, turns it off. The user's sessions stay (docs/security.md says why).
    reset: async (tenant: TenantContext, userId: number, actor: AuditActor) => {
      await withTransaction(db, async (tx) => {
        const scope = tenant.actor.super ? { companyId: null, withSuper: true } : { companyId: tenant.companyId, withSuper: false };
        const cleared = await repo.clearTwoFactor(tx, userId, scope);
        if (!cleared) throw notFound('ERR_NO_USER_FOUND');
        await recordAudit(tx, actor, { companyId: cleared.companyId, action: 'auth.twoFactorReset', entityType: 'user', entityId: userId });
      });
    },

    // The sign-in's second step: whether the factor is right (a code claimed once, or a recovery
    // code claimed once). Limits and the session are the login's; a wrong factor is audited here.
    acceptSignInFactor: async (row: UserRow, factor: SignInFactor, actor: AuditActor) => {
      const accepted = factor.code !== undefined ? await claimCode(row, factor.code) : await useRecoveryCode(row, factor.recoveryCode ?? '', actor);
      if (!accepted) await audit(db, actor, row, 'auth.twoFactorFailed');
      return accepted;
    },
  };
};

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
