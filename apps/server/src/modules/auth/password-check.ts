// The password of a sign-in against the stored hash: argon2id, or the bcrypt hash a user brought
// from whaticket or ticketz by an import (issue 39 point 1), which the caller then replaces with
// argon2id so the old hash is used once.
import { verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

const bcryptHash = /^\$2[aby]\$\d{2}\$/;

export type PasswordCheck = { ok: boolean; rehash: boolean };

export const checkPassword = async (hash: string, password: string): Promise<PasswordCheck> => {
  if (bcryptHash.test(hash)) return { ok: await bcrypt.compare(password, hash).catch(() => false), rehash: true };
  return { ok: await verify(hash, password).catch(() => false), rehash: false };
};
