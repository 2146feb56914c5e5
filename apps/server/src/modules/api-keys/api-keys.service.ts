// API keys (issue 37 point 2): an admin's keys act as that admin, within their scopes
// (platform/api-key-auth.ts). The key is made here and answered once; only its hash is stored.
import { randomBytes } from 'node:crypto';
import { API_KEY_MARK, API_KEYS_PAGE_SIZE, type apiKeysEndpoints } from '@atende/shared/api-keys';
import type { EndpointRequest } from '@atende/shared/contract';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import { hashApiKey } from '../../platform/api-key-auth.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.steps.ts';
import * as repo from './api-keys.repo.ts';
import { toApiKeyView, toCompanyApiKeyView } from './api-keys.view.ts';

type CreateBody = EndpointRequest<typeof apiKeysEndpoints.create>['body'];
type AllKeysQuery = EndpointRequest<typeof apiKeysEndpoints.listAll>['query'];

// `atk_<prefix>_<secret>`: 8 hex characters to tell keys apart, then 32 random bytes
const newKey = () => {
  const prefix = randomBytes(4).toString('hex');
  return { prefix, key: `${API_KEY_MARK}${prefix}_${randomBytes(32).toString('base64url')}` };
};

export const createApiKeysService = ({ db }: { db: Db }) => {
  const viewOf = async (companyId: number, apiKeyId: number) => {
    const row = await repo.findApiKey(db, companyId, apiKeyId);
    if (!row) throw notFound();
    return row;
  };

  // revoking twice keeps the first time and records only the first
  const revokeRecorded = (companyId: number, apiKeyId: number, actor: AuditActor) =>
    withTransaction(db, async (tx) => {
      const current = await repo.findApiKey(tx, companyId, apiKeyId);
      if (!current) throw notFound();
      if (current.revokedAt) return;
      await repo.revokeApiKey(tx, companyId, apiKeyId);
      await recordAudit(tx, actor, { companyId, action: 'apiKey.revoke', entityType: 'apiKey', entityId: apiKeyId, before: { name: current.name, prefix: current.prefix, revokedAt: null } });
    });

  return {
    list: async (tenant: TenantContext) => (await repo.listApiKeys(db, tenant.companyId)).map(toApiKeyView),

    create: async (tenant: TenantContext, body: CreateBody, actor: AuditActor) => {
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) throw invalidField('body.expiresAt', 'apiKeys.expiryInPast');
      const { prefix, key } = newKey();
      const values = { userId: tenant.userId, name: body.name, prefix, keyHash: hashApiKey(key), scopes: body.scopes, expiresAt };
      const id = await withTransaction(db, async (tx) => {
        const inserted = await repo.insertApiKey(tx, tenant.companyId, values);
        await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'apiKey.create', entityType: 'apiKey', entityId: inserted, after: values });
        return inserted;
      });
      return { ...toApiKeyView(await viewOf(tenant.companyId, id)), key };
    },

    revoke: async (tenant: TenantContext, apiKeyId: number, actor: AuditActor) => {
      await revokeRecorded(tenant.companyId, apiKeyId, actor);
      return toApiKeyView(await viewOf(tenant.companyId, apiKeyId));
    },

    listAll: async (query: AllKeysQuery) => {
      const rows = await repo.listEveryCompanysApiKeys(db, { companyId: query.companyId, limit: API_KEYS_PAGE_SIZE + 1, offset: (query.pageNumber - 1) * API_KEYS_PAGE_SIZE });
      return { apiKeys: rows.slice(0, API_KEYS_PAGE_SIZE).map(toCompanyApiKeyView), hasMore: rows.length > API_KEYS_PAGE_SIZE };
    },

    revokeAny: async (apiKeyId: number, actor: AuditActor) => {
      const companyId = await repo.companyOfApiKey(db, apiKeyId);
      if (companyId === undefined) throw notFound();
      await revokeRecorded(companyId, apiKeyId, actor);
      return toCompanyApiKeyView(await viewOf(companyId, apiKeyId));
    },
  };
};

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
