import type { ApiKeyView, CompanyApiKeyView } from '@atende/shared/api-keys';
import type { ApiKeyRow } from './api-keys.repo.ts';

export const toApiKeyView = (row: ApiKeyRow): ApiKeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  revoked: row.revokedAt !== null,
  userId: row.userId,
  userName: row.userName,
});

export const toCompanyApiKeyView = (row: ApiKeyRow): CompanyApiKeyView => ({ ...toApiKeyView(row), companyId: row.companyId, companyName: row.companyName });
