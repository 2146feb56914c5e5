import {
  queueIntegrationsEndpoints,
  type QueueIntegrationBody,
  type QueueIntegrationsPage,
  type QueueIntegrationTestBody,
  type QueueIntegrationUpdateBody,
  type QueueIntegrationView,
} from '@atende/shared/queue-integrations';
import type { QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { fetchAllPages } from '../../lib/fetch-all-pages.ts';

const page = (searchParam: string, pageNumber: number) => callEndpoint(queueIntegrationsEndpoints.page, { query: { searchParam, pageNumber } });

export const queueIntegrationApi = {
  list: (searchParam: string) => page(searchParam, 1),
  // every integration, for the queue dialog's choice
  all: () => fetchAllPages((pageNumber) => page('', pageNumber), (answer) => answer.queueIntegrations),
  create: (body: QueueIntegrationBody) => callEndpoint(queueIntegrationsEndpoints.create, { body }),
  update: (id: number, body: QueueIntegrationUpdateBody) => callEndpoint(queueIntegrationsEndpoints.update, { params: { integrationId: id }, body }),
  remove: (id: number) => callEndpoint(queueIntegrationsEndpoints.remove, { params: { integrationId: id } }),
  testSession: (body: QueueIntegrationTestBody) => callEndpoint(queueIntegrationsEndpoints.testSession, { body }),
};

export const queueIntegrationQueryKeys = {
  all: ['queueIntegration'] as const,
  list: (searchParam: string) => ['queueIntegration', searchParam] as const,
  // outside `all`: the searches' cache updates expect a page there
  choices: ['queueIntegration-choices'] as const,
};

// company-{id}-queueIntegration and saves upsert the item in every loaded search, a delete removes
// it; the selectors' list of every integration is read again
export const upsertIntegrationInCache = (client: QueryClient, integration: QueueIntegrationView) => {
  client.setQueriesData<QueueIntegrationsPage>({ queryKey: queueIntegrationQueryKeys.all }, (page) => {
    if (!page) return page;
    const known = page.queueIntegrations.some((row) => row.id === integration.id);
    return {
      ...page,
      queueIntegrations: known ? page.queueIntegrations.map((row) => (row.id === integration.id ? integration : row)) : [...page.queueIntegrations, integration],
    };
  });
  void client.invalidateQueries({ queryKey: queueIntegrationQueryKeys.choices });
};

export const removeIntegrationFromCache = (client: QueryClient, integrationId: number) => {
  client.setQueriesData<QueueIntegrationsPage>({ queryKey: queueIntegrationQueryKeys.all }, (page) =>
    page && { ...page, queueIntegrations: page.queueIntegrations.filter((row) => row.id !== integrationId) },
  );
  void client.invalidateQueries({ queryKey: queueIntegrationQueryKeys.choices });
};
