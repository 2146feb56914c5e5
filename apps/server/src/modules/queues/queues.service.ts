// Queues and chatbot options (02-operations §3, §5 Queue, §7 Queues and chatbot): colour unique
// per company (ERR_QUEUE_COLOR_ALREADY_EXISTS), the plan's queue limit, live company-{id}-queue.
import type { ChatbotBody, ChatbotUpdateBody, QueueBody, QueueUpdateBody, QueueView } from '@atende/shared/queues';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { findCompanyWithPlan } from '../companies/companies.repo.ts';
import { checkLinks } from './links.steps.ts';
import { loadQueueViews } from './queue-views.repo.ts';
import { toChatbotView } from './queues.view.ts';
import * as repo from './queues.repo.ts';
import { requestQueueAssignment } from '../assignment/queue-assignment.jobs.ts';
import { withTransaction } from '../../db/transaction.ts';
import { recordAudit, recordUpdate, type AuditActor } from '../audit/audit.steps.ts';

const queueNotFound = () => notFound('ERR_NOT_FOUND');

const translateWriteError = (error: unknown): never => {
  if (isUniqueViolation(error, 'queues_company_color_key')) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 400);
  if (isUniqueViolation(error, 'queues_company_name_key')) throw invalidField('body.name', 'validation.duplicated');
  // the file list was deleted between the check and the write
  if (isForeignKeyViolation(error, 'queues_file_list_id_file_lists_id_fk')) throw invalidField('body.fileListId', 'validation.unknownFileList');
  if (isForeignKeyViolation(error, 'chatbots_opt_file_id_file_lists_id_fk')) throw invalidField('body.optFileId', 'validation.unknownFileList');
  throw error;
};

export const createQueuesService = ({ db, bus }: { db: Db; bus: EventBus }) => {
  const viewOf = async (tx: DbOrTx, row: repo.QueueRow) => (await loadQueueViews(tx, row.companyId, [row]))[0];
  const publish = (queue: QueueView) => bus.publish({ companyId: queue.companyId, event: 'queue', payload: { action: 'update', queue } });

  const publishQueueOf = async (companyId: number, queueId: number) => {
    const row = await repo.findQueue(db, companyId, queueId);
    if (row) publish(await viewOf(db, row));
  };

  // An option's parent and target queue must be the company's, the parent in the same queue.
  const checkOption = async (tenant: TenantContext, queueId: number, body: ChatbotUpdateBody) => {
    if (body.parentId) {
      const parent = await repo.findChatbot(db, tenant.companyId, body.parentId);
      if (!parent || parent.queueId !== queueId) throw invalidField('body.parentId', 'validation.unknownOption');
    }
    if (body.optQueueId && !(await repo.findQueue(db, tenant.companyId, body.optQueueId))) {
      throw invalidField('body.optQueueId', 'validation.unknownQueue');
    }
    await checkLinks(db, tenant.companyId, { integration: ['body.optIntegrationId', body.optIntegrationId], fileList: ['body.optFileId', body.optFileId] });
  };

  return {
    listOfUser: (tenant: TenantContext) => repo.listQueuesOfUser(db, tenant.companyId, tenant.userId),

    list: async (tenant: TenantContext) => loadQueueViews(db, tenant.companyId, await repo.listQueueRows(db, tenant.companyId)),

    show: async (tenant: TenantContext, queueId: number) => {
      const row = await repo.findQueue(db, tenant.companyId, queueId);
      if (!row) throw queueNotFound();
      return viewOf(db, row);
    },

    create: async (tenant: TenantContext, body: QueueBody, actor: AuditActor) => {
      const { companyId: _ignored, ...fields } = body;
      await checkLinks(db, tenant.companyId, { integration: ['body.integrationId', fields.integrationId], fileList: ['body.fileListId', fields.fileListId] });
      const view = await withTransaction(db, async (tx) => {
          const company = await findCompanyWithPlan(tx, tenant.companyId);
          if (!company) throw queueNotFound();
          if ((await repo.countQueues(tx, tenant.companyId)) >= company.plan.queues) throw new AppError('ERR_PLAN_QUEUE_LIMIT', 403);
          const row = await repo.insertQueue(tx, tenant.companyId, fields);
          await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'queue.create', entityType: 'queue', entityId: row.id, after: row });
          return viewOf(tx, row);
        })
        .catch(translateWriteError);
      publish(view);
      return view;
    },

    update: async (tenant: TenantContext, queueId: number, body: QueueUpdateBody, actor: AuditActor) => {
      const { companyId: _ignored, ...fields } = body;
      await checkLinks(db, tenant.companyId, { integration: ['body.integrationId', fields.integrationId], fileList: ['body.fileListId', fields.fileListId] });
      const row = await withTransaction(db, async (tx) => {
        const current = await repo.findQueue(tx, tenant.companyId, queueId);
        if (!current) throw queueNotFound();
        const updated = await repo.updateQueue(tx, tenant.companyId, queueId, fields);
        // switched to an automatic assignment, its waiting tickets are given out now
        await requestQueueAssignment(tx, tenant.companyId);
        await recordUpdate(tx, actor, { companyId: tenant.companyId, action: 'queue.update', entityType: 'queue', entityId: queueId }, current, updated);
        return updated;
      }).catch(translateWriteError);
      const view = await viewOf(db, row);
      publish(view);
      return view;
    },

    remove: async (tenant: TenantContext, queueId: number, actor: AuditActor) => {
      await withTransaction(db, async (tx) => {
        const current = await repo.findQueue(tx, tenant.companyId, queueId);
        if (!current || !(await repo.deleteQueue(tx, tenant.companyId, queueId))) throw queueNotFound();
        await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'queue.delete', entityType: 'queue', entityId: queueId, before: current });
      });
      bus.publish({ companyId: tenant.companyId, event: 'queue', payload: { action: 'delete', queueId } });
    },

    listOptions: async (tenant: TenantContext, queueId?: number) => {
      if (queueId && !(await repo.findQueue(db, tenant.companyId, queueId))) throw queueNotFound();
      const queueIds = queueId ? [queueId] : (await repo.listQueueRows(db, tenant.companyId)).map((row) => row.id);
      const rows = await repo.listChatbots(db, tenant.companyId, queueIds);
      return rows.filter((row) => row.parentId === null).map((row) => toChatbotView(row, rows));
    },

    showOption: async (tenant: TenantContext, chatbotId: number) => {
      const row = await repo.findChatbot(db, tenant.companyId, chatbotId);
      if (!row) throw queueNotFound();
      return toChatbotView(row, await repo.listChatbots(db, tenant.companyId, [row.queueId]));
    },

    // a chatbot option is part of its queue: its changes are recorded as the queue's
    createOption: async (tenant: TenantContext, body: ChatbotBody, actor: AuditActor) => {
      if (!(await repo.findQueue(db, tenant.companyId, body.queueId))) throw queueNotFound();
      await checkOption(tenant, body.queueId, body);
      const row = await withTransaction(db, async (tx) => {
        const inserted = await repo.insertChatbot(tx, tenant.companyId, body);
        await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'queue.update', entityType: 'queue', entityId: inserted.queueId, after: { chatbotOption: inserted } });
        return inserted;
      }).catch(translateWriteError);
      await publishQueueOf(tenant.companyId, row.queueId);
      return toChatbotView(row);
    },

    updateOption: async (tenant: TenantContext, chatbotId: number, body: ChatbotUpdateBody, actor: AuditActor) => {
      const current = await repo.findChatbot(db, tenant.companyId, chatbotId);
      if (!current) throw queueNotFound();
      if (body.parentId === chatbotId) throw invalidField('body.parentId', 'validation.unknownOption');
      await checkOption(tenant, current.queueId, body);
      const row = await withTransaction(db, async (tx) => {
        const updated = await repo.updateChatbot(tx, tenant.companyId, chatbotId, body);
        const entry = { companyId: tenant.companyId, action: 'queue.update', entityType: 'queue', entityId: current.queueId } as const;
        await recordUpdate(tx, actor, entry, { chatbotOption: current }, { chatbotOption: updated });
        return updated;
      }).catch(translateWriteError);
      await publishQueueOf(tenant.companyId, row.queueId);
      return toChatbotView(row, await repo.listChatbots(db, tenant.companyId, [row.queueId]));
    },

    removeOption: async (tenant: TenantContext, chatbotId: number, actor: AuditActor) => {
      const current = await repo.findChatbot(db, tenant.companyId, chatbotId);
      if (!current) throw queueNotFound();
      await withTransaction(db, async (tx) => {
        if (!(await repo.deleteChatbot(tx, tenant.companyId, chatbotId))) throw queueNotFound();
        await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'queue.update', entityType: 'queue', entityId: current.queueId, before: { chatbotOption: current } });
      });
      await publishQueueOf(tenant.companyId, current.queueId);
    },
  };
};

export type QueuesService = ReturnType<typeof createQueuesService>;
