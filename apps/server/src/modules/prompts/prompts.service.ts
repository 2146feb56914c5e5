// AI prompts (02-operations §3 Prompt, §7 Prompts): CRUD with the §9 defaults, the keys sealed
// before they are stored and never answered, live company-{id}-prompt.
import type { PromptInput, PromptUpdateBody, PromptView } from '@atende/shared/prompts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { recordAudit, recordUpdate, type AuditActor } from '../audit/audit.steps.ts';
import { findQueue } from '../queues/queues.repo.ts';
import * as repo from './prompts.repo.ts';
import { toPromptView } from './prompts.view.ts';

const promptNotFound = () => notFound('ERR_NOT_FOUND');

export const createPromptsService = ({ db, bus, secrets }: { db: Db; bus: EventBus; secrets: SecretBox }) => {
  const viewOf = async (companyId: number, promptId: number) => {
    const row = await repo.findPromptWithQueue(db, companyId, promptId);
    if (!row) throw promptNotFound();
    return toPromptView(row);
  };
  const publish = (prompt: PromptView, action: 'create' | 'update') => bus.publish({ companyId: prompt.companyId, event: 'prompt', payload: { action, prompt } });

  const checkQueue = async (companyId: number, queueId: number | undefined) => {
    if (queueId !== undefined && !(await findQueue(db, companyId, queueId))) throw invalidField('body.queueId', 'prompts.queueRequired');
  };
  // a voice other than 'texto' speaks through Azure Speech, which needs its key and region
  const checkVoice = (voice: string, voiceKey: string, voiceRegion: string) => {
    if (voice === 'texto') return;
    if (!voiceKey) throw invalidField('body.voiceKey', 'validation.required');
    if (!voiceRegion) throw invalidField('body.voiceRegion', 'validation.required');
  };
  // a key typed again replaces the stored one; an absent or empty one keeps it
  const sealed = (key: string | undefined) => (key ? secrets.seal(key) : undefined);

  return {
    list: async (tenant: TenantContext) => ({ prompts: (await repo.listPrompts(db, tenant.companyId)).map(toPromptView) }),

    show: (tenant: TenantContext, promptId: number) => viewOf(tenant.companyId, promptId),

    create: async (tenant: TenantContext, body: PromptInput, actor: AuditActor) => {
      const { companyId: _ignored, apiKey, voiceKey, ...fields } = body;
      await checkQueue(tenant.companyId, fields.queueId);
      checkVoice(fields.voice, voiceKey, fields.voiceRegion);
      const id = await withTransaction(db, async (tx) => {
        const inserted = await repo.insertPrompt(tx, tenant.companyId, { ...fields, apiKey: secrets.seal(apiKey), voiceKey: sealed(voiceKey) ?? '' });
        await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'prompt.create', entityType: 'prompt', entityId: inserted, after: await repo.findPrompt(tx, tenant.companyId, inserted) });
        return inserted;
      });
      const view = await viewOf(tenant.companyId, id);
      publish(view, 'create');
      return view;
    },

    update: async (tenant: TenantContext, promptId: number, body: PromptUpdateBody, actor: AuditActor) => {
      const current = await repo.findPrompt(db, tenant.companyId, promptId);
      if (!current) throw promptNotFound();
      const { companyId: _ignored, apiKey, voiceKey, ...fields } = body;
      await checkQueue(tenant.companyId, fields.queueId);
      checkVoice(fields.voice ?? current.voice, voiceKey || current.voiceKey, fields.voiceRegion ?? current.voiceRegion);
      await withTransaction(db, async (tx) => {
        await repo.updatePrompt(tx, tenant.companyId, promptId, {
          ...fields,
          ...(apiKey && { apiKey: sealed(apiKey) }),
          ...(voiceKey && { voiceKey: sealed(voiceKey) }),
        });
        const updated = await repo.findPrompt(tx, tenant.companyId, promptId);
        if (!updated) throw promptNotFound();
        await recordUpdate(tx, actor, { companyId: tenant.companyId, action: 'prompt.update', entityType: 'prompt', entityId: promptId }, current, updated);
      });
      const view = await viewOf(tenant.companyId, promptId);
      publish(view, 'update');
      return view;
    },

    remove: async (tenant: TenantContext, promptId: number, actor: AuditActor) => {
      await withTransaction(db, async (tx) => {
        const current = await repo.findPrompt(tx, tenant.companyId, promptId);
        if (!current || !(await repo.deletePrompt(tx, tenant.companyId, promptId))) throw promptNotFound();
        await recordAudit(tx, actor, { companyId: tenant.companyId, action: 'prompt.delete', entityType: 'prompt', entityId: promptId, before: current });
      });
      bus.publish({ companyId: tenant.companyId, event: 'prompt', payload: { action: 'delete', promptId } });
      return { message: 'Prompt deleted' };
    },
  };
};

export type PromptsService = ReturnType<typeof createPromptsService>;
