// A prompt as every answer and event shows it: the keys are left out (02-operations §3 Prompt).
import type { PromptView, PromptVoice } from '@atende/shared/prompts';
import type { PromptWithQueue } from './prompts.repo.ts';

export const toPromptView = (row: PromptWithQueue): PromptView => ({
  id: row.id,
  name: row.name,
  prompt: row.prompt,
  voice: row.voice as PromptVoice,
  voiceRegion: row.voiceRegion,
  maxTokens: row.maxTokens,
  temperature: row.temperature,
  maxMessages: row.maxMessages,
  queueId: row.queueId,
  queue: row.queue,
  companyId: row.companyId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
