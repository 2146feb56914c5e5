// Recording an audit entry (issue 38 point 6), a step of the transaction that makes the change, so
// the change and its record commit or roll back together.
import { isDeepStrictEqual } from 'node:util';
import { MASKED_VALUE, type AuditAction } from '@atende/shared/audit';
import type { DbOrTx } from '../../db/client.ts';
import { insertAuditEntry } from './audit.repo.ts';

// Who did it and from where. A request's actor comes from request-actor.ts; a change nobody asked
// for (a job, the unverified sign-up sweep) has no user and says what it was in label.
export type AuditActor = { userId: number | null; apiKeyId?: number; ip?: string | null; userAgent?: string | null; label?: string };

export type AuditValues = Record<string, unknown>;

export type AuditEntry = {
  // the company the change belongs to; null for the platform's own records (plans, global settings)
  companyId: number | null;
  action: AuditAction;
  entityType?: string;
  entityId?: string | number;
  before?: AuditValues | null;
  after?: AuditValues | null;
};

// Keys whose values never reach the log: passwords, secrets, tokens, keys and hashes of them, a
// connection's token, a prompt's apiKey and voiceKey, an integration's service account (jsonContent).
const SECRET_KEY = /password|secret|token|api_?key|voice_?key|hash|^key$|credential|jsoncontent|private/i;

const isPlainObject = (value: unknown): value is AuditValues => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

// A URL keeps its host and path; the user and password in it, and the values of query parameters
// named like secrets (?token=…), are masked.
const maskUrl = (text: string) => {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text;
  try {
    const url = new URL(text);
    if (!url.username && !url.password && ![...url.searchParams.keys()].some((name) => SECRET_KEY.test(name))) return text;
    if (url.username) url.username = MASKED_VALUE;
    if (url.password) url.password = MASKED_VALUE;
    for (const name of [...url.searchParams.keys()]) if (SECRET_KEY.test(name)) url.searchParams.set(name, MASKED_VALUE);
    return url.toString();
  } catch {
    return text;
  }
};

const maskValue = (value: unknown): unknown => {
  if (typeof value === 'string') return maskUrl(value);
  if (Array.isArray(value)) return value.map(maskValue);
  if (isPlainObject(value)) return maskObject(value);
  return value;
};

// A hash goes by the name of what it hashes (passwordHash -> password): the log says the password
// changed, and no answer of the product carries a field named like a password hash.
const recordedKey = (key: string) => key.replace(/(.)_?hash$/i, '$1');

// an empty or absent secret says so (a key was removed); any other value is masked, nested ones too
const maskObject = (values: AuditValues): AuditValues =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      recordedKey(key),
      SECRET_KEY.test(key) && value !== null && value !== undefined && value !== '' ? MASKED_VALUE : maskValue(value),
    ]),
  );

export const maskSecrets = (values: AuditValues | null | undefined): AuditValues | null => (values ? maskObject(values) : null);

// Only what an update changed: the fields whose values differ, before and after. A field the
// update did not touch stays out of both, as does the row's own updatedAt.
export const changedValues = (before: AuditValues, after: AuditValues) => {
  const keys = Object.keys(after).filter((key) => key !== 'updatedAt' && key in before && !isDeepStrictEqual(before[key], after[key]));
  return { before: Object.fromEntries(keys.map((key) => [key, before[key]])), after: Object.fromEntries(keys.map((key) => [key, after[key]])) };
};

export const recordAudit = (db: DbOrTx, actor: AuditActor, entry: AuditEntry) =>
  insertAuditEntry(
    db,
    {
      companyId: entry.companyId,
      actorUserId: actor.userId,
      ip: actor.ip ?? null,
      userAgent: actor.userAgent?.slice(0, 500) ?? null,
      action: entry.action,
      entityType: entry.entityType ?? null,
      entityId: entry.entityId === undefined ? null : String(entry.entityId),
      before: maskSecrets(entry.before),
      after: maskSecrets(entry.after),
    },
    actor,
  );

// An update's entry with only the changed fields; an update that changed nothing records nothing.
export const recordUpdate = async (db: DbOrTx, actor: AuditActor, entry: Omit<AuditEntry, 'before' | 'after'>, before: AuditValues, after: AuditValues) => {
  const changed = changedValues(before, after);
  if (Object.keys(changed.after).length > 0) await recordAudit(db, actor, { ...entry, ...changed });
};
