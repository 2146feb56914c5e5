// Queue integrations (02-operations §3, §5, §7 Queue integrations): CRUD with the type's fields,
// the project name equal to the name for n8n, webhook and typebot, the service account sealed,
// live company-{id}-queueIntegration.
import {
  DIALOGFLOW_TEST_QUESTION,
  missingIntegrationFields,
  QUEUE_INTEGRATIONS_PAGE_SIZE,
  type QueueIntegrationInput,
  type QueueIntegrationsPage,
  type QueueIntegrationsQuery,
  type QueueIntegrationTestInput,
  type QueueIntegrationTestResult,
  type QueueIntegrationUpdateBody,
  type QueueIntegrationView,
} from '@atende/shared/queue-integrations';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { OutboundHttp } from '../../platform/outbound-http.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { recordAudit, recordUpdate, type AuditActor } from '../audit/audit.steps.ts';
import type { DialogflowClient } from './dialogflow.client.ts';
import * as repo from './integrations.repo.ts';
import { toIntegrationView } from './integrations.view.ts';

const integrationNotFound = () => notFound('ERR_NOT_FOUND');

// n8n, webhook and typebot have no project of their own: the name stands for it (§5)
const withProjectName = <V extends { type?: string; name?: string; projectName?: string }>(values: V, type: string, name: string): V =>
  type === 'dialogflow' ? values : { ...values, projectName: name };

type Deps = { db: Db; bus: EventBus; secrets: SecretBox; outbound: OutboundHttp; dialogflow: DialogflowClient };

export const createIntegrationsService = ({ db, bus, secrets, outbound, dialogflow }: Deps) => {
  // A URL whose host is plainly internal (127.0.0.1 in any spelling, localhost, a private address
  // the operator did not allow) is refused as it is typed; a name is checked at every call, since
  // what it resolves to can change.
  const checkAddress = (type: string, url: string | undefined) => {
    if (type !== 'dialogflow' && url && outbound.isPlainlyRefused(url)) throw new AppError('ERR_OUTBOUND_ADDRESS_REFUSED', 400);
  };

  const publish = (queueIntegration: QueueIntegrationView) =>
    bus.publish({ companyId: queueIntegration.companyId, event: 'queueIntegration', payload: { action: 'update', queueIntegration } });

  return {
    list: async (tenant: TenantContext, query: QueueIntegrationsQuery): Promise<QueueIntegrationsPage> => {
      const offset = (query.pageNumber - 1) * QUEUE_INTEGRATIONS_PAGE_SIZE;
      const { rows, count } = await repo.listIntegrations(db, tenant.companyId, { search: query.searchParam.trim(), limit: QUEUE_INTEGRATIONS_PAGE_SIZE, offset });
      return { queueIntegrations: rows.map(toIntegrationView), count, hasMore: offset + rows.length < count };
    },

    show: async (tenant: TenantContext, integrationId: number) => {
      const row = await repo.findIntegration(db, tenant.companyId, integrationId);
      if (!row) throw integrationNotFound();
      return toIntegrationView(row);
    },

    create: async (tenant: TenantContext, body: QueueIntegrationInput, actor: AuditActor) => {
      const { companyId: _ignored, jsonContent, ...fields } = body;
      checkAddress(fields.type, fields.urlN8N);
      const row = await withTransaction(db, async (tx) => {
        const inserted = await repo.insertIntegration(tx, tenant.companyId, {
          ...withProjectName(fields, fields.type, fields.name),
          jsonContent: jsonContent ? secrets.seal(jsonContent) : '',
        });
        await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'queueIntegration.create', entityType: 'queueIntegration', entityId: inserted.id, after: inserted });
        return inserted;
      });
      const view = toIntegrationView(row);
      publish(view);
      return view;
    },

    update: async (tenant: TenantContext, integrationId: number, body: QueueIntegrationUpdateBody, actor: AuditActor) => {
      const current = await repo.findIntegration(db, tenant.companyId, integrationId);
      if (!current) throw integrationNotFound();
      const { companyId: _ignored, jsonContent, ...fields } = body;
      const merged = { ...current, ...fields };
      const [missing] = missingIntegrationFields(merged, Boolean(jsonContent) || current.jsonContent !== '');
      if (missing) throw invalidField(`body.${missing}`, 'validation.required');
      checkAddress(merged.type, fields.urlN8N);
      const row = await withTransaction(db, async (tx) => {
        const updated = await repo.updateIntegration(tx, tenant.companyId, integrationId, {
          ...withProjectName(fields, merged.type, merged.name),
          ...(jsonContent && { jsonContent: secrets.seal(jsonContent) }),
        });
        if (!updated) throw integrationNotFound();
        await recordUpdate(tx, actor, { companyId: tenant.companyId, action: 'queueIntegration.update', entityType: 'queueIntegration', entityId: integrationId }, current, updated);
        return updated;
      });
      const view = toIntegrationView(row);
      publish(view);
      return view;
    },

    // One question to the agent with the typed-in service account; the failure's reason stays on
    // the server (Google's message may quote the key).
    testSession: async (tenant: TenantContext, body: QueueIntegrationTestInput): Promise<QueueIntegrationTestResult> => {
      try {
        const answer = await dialogflow.detectIntent({
          jsonContent: body.jsonContent,
          projectName: body.projectName,
          language: body.language,
          sessionId: `test-${tenant.companyId}-${randomUUID()}`,
          text: DIALOGFLOW_TEST_QUESTION[body.language],
        });
        return { message: 'Session created', intent: answer.intent, replies: answer.replies.flatMap((reply) => ('body' in reply ? [reply.body] : [])) };
      } catch {
        throw new AppError('ERR_INTEGRATION_TEST_FAILED', 400);
      }
    },

    remove: async (tenant: TenantContext, integrationId: number, actor: AuditActor) => {
      await withTransaction(db, async (tx) => {
        const current = await repo.findIntegration(tx, tenant.companyId, integrationId);
        if (!current || !(await repo.deleteIntegration(tx, tenant.companyId, integrationId))) throw integrationNotFound();
        await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'queueIntegration.delete', entityType: 'queueIntegration', entityId: integrationId, before: current });
      });
      bus.publish({ companyId: tenant.companyId, event: 'queueIntegration', payload: { action: 'delete', integrationId } });
      return { message: 'Integration deleted' };
    },
  };
};

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
