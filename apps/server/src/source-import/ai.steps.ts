// The steps that carry a company's AI prompts and queue integrations (issue 39 point 1), their
// keys as the source stored them, sealed here as this product keeps every company's key.
import { cleanText, idsOf, newRows, recordIds, targetOf, type ImportStep } from './import-context.ts';
import { insertRows } from './source-import.repo.ts';
import { moment, text, whole } from './source-rows.rules.ts';

const integrationTypes = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;

const queueIntegrationsStep: ImportStep = async (context, rows) => {
  const fresh = await newRows(context, 'queueIntegration', rows);
  const companyIds = await idsOf(context, 'company', fresh.map((row) => text(row, 'companyId')));
  const entries = fresh.flatMap((row) => {
    const companyId = targetOf(companyIds, row.companyId);
    const type = integrationTypes.find((known) => known === text(row, 'type'));
    if (companyId === null || !type) {
      context.report({ table: 'QueueIntegrations', sourceId: text(row, 'id'), problem: companyId === null ? 'its company was not imported' : `type ${text(row, 'type')} is not one this product runs` });
      return [];
    }
    return [{ row, companyId, type }];
  });
  const ids = await insertRows(
    context.tx,
    'queueIntegrations',
    entries.map(({ row, companyId, type }) => ({
      companyId,
      type,
      name: cleanText(context, 'QueueIntegrations', row, 'name'),
      projectName: text(row, 'projectName'),
      jsonContent: text(row, 'jsonContent') === '' ? '' : context.secrets.seal(text(row, 'jsonContent')),
      language: text(row, 'language', 'pt-BR') || 'pt-BR',
      urlN8N: text(row, 'urlN8N'),
      typebotSlug: text(row, 'typebotSlug'),
      typebotExpires: whole(row, 'typebotExpires', 1),
      typebotDelayMessage: whole(row, 'typebotDelayMessage', 1000),
      typebotKeywordFinish: text(row, 'typebotKeywordFinish'),
      typebotKeywordRestart: text(row, 'typebotKeywordRestart'),
      typebotUnknownMessage: text(row, 'typebotUnknownMessage'),
      typebotRestartMessage: text(row, 'typebotRestartMessage'),
      createdAt: moment(row, 'createdAt'),
      updatedAt: moment(row, 'updatedAt'),
    })),
  );
  await recordIds(context, 'queueIntegration', entries.map(({ row, companyId }, i) => ({ sourceId: text(row, 'id'), targetId: ids[i], companyId })));
  return entries.length;
};

// A prompt answers in a queue here; one without its queue is reported.
const promptsStep: ImportStep = async (context, rows) => {
  const fresh = await newRows(context, 'prompt', rows);
  const queueIds = await idsOf(context, 'queue', fresh.map((row) => text(row, 'queueId')));
  const entries = fresh.flatMap((row) => {
    const queue = queueIds.get(text(row, 'queueId'));
    if (!queue?.companyId) {
      context.report({ table: 'Prompts', sourceId: text(row, 'id'), problem: `its queue ${text(row, 'queueId')} is missing` });
      return [];
    }
    return [{ row, queueId: queue.targetId, companyId: queue.companyId }];
  });
  const ids = await insertRows(
    context.tx,
    'prompts',
    entries.map(({ row, queueId, companyId }) => ({
      companyId,
      queueId,
      name: cleanText(context, 'Prompts', row, 'name'),
      prompt: cleanText(context, 'Prompts', row, 'prompt'),
      apiKey: context.secrets.seal(text(row, 'apiKey')),
      voice: text(row, 'voice', 'texto') || 'texto',
      voiceKey: text(row, 'voiceKey') === '' ? '' : context.secrets.seal(text(row, 'voiceKey')),
      voiceRegion: text(row, 'voiceRegion'),
      maxTokens: whole(row, 'maxTokens', 100),
      maxMessages: whole(row, 'maxMessages', 10),
      temperature: Number(row.temperature ?? 1) || 1,
      createdAt: moment(row, 'createdAt'),
      updatedAt: moment(row, 'updatedAt'),
    })),
  );
  await recordIds(context, 'prompt', entries.map(({ companyId }, i) => ({ sourceId: text(entries[i].row, 'id'), targetId: ids[i], companyId })));
  return entries.length;
};

export const aiSteps: Record<string, ImportStep> = {
  QueueIntegrations: queueIntegrationsStep,
  Prompts: promptsStep,
};
