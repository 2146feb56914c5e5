import { apiKeysEndpoints, type ApiKeyCreateBody } from '@atende/shared/api-keys';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const apiKeysApi = {
  list: () => callEndpoint(apiKeysEndpoints.list),
  create: (body: ApiKeyCreateBody) => callEndpoint(apiKeysEndpoints.create, { body }),
  revoke: (id: number) => callEndpoint(apiKeysEndpoints.revoke, { params: { apiKeyId: id } }),
  // the super admin's: every company's keys, and the revocation of any
  allPage: (pageNumber: number) => callEndpoint(apiKeysEndpoints.listAll, { query: { pageNumber } }),
  revokeAny: (id: number) => callEndpoint(apiKeysEndpoints.revokeAny, { params: { apiKeyId: id } }),
};

export const apiKeysQueryKeys = {
  list: ['api-keys'] as const,
  all: ['api-keys', 'all'] as const,
};
