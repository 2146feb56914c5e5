// An integration as answers and events show it: the service account is never read back.
import type { QueueIntegrationView } from '@atende/shared/queue-integrations';
import type { IntegrationRow } from './integrations.repo.ts';

export const toIntegrationView = (row: IntegrationRow): QueueIntegrationView => {
  const { jsonContent, createdAt, updatedAt, ...rest } = row;
  return { ...rest, hasJsonContent: jsonContent !== '', createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
};
