import { copilotEndpoints, type CopilotSettingsBody, type RewriteMode } from '@atende/shared/copilot';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export const copilotApi = {
  status: () => callEndpoint(copilotEndpoints.status),
  settings: () => callEndpoint(copilotEndpoints.settings),
  updateSettings: (body: CopilotSettingsBody) => callEndpoint(copilotEndpoints.updateSettings, { body }),
  usage: (month: string) => callEndpoint(copilotEndpoints.usage, { query: { month } }),
  suggest: (ticketId: number) => callEndpoint(copilotEndpoints.suggest, { params: { ticketId } }),
  summary: (ticketId: number) => callEndpoint(copilotEndpoints.summary, { params: { ticketId } }),
  rewrite: (ticketId: number, text: string, mode: RewriteMode) => callEndpoint(copilotEndpoints.rewrite, { params: { ticketId }, body: { text, mode } }),
  translate: (messageId: number, language: 'pt' | 'en' | 'es' | 'tr') => callEndpoint(copilotEndpoints.translate, { params: { messageId }, body: { language } }),
};

export const copilotQueryKeys = {
  root: ['copilot'] as const,
  status: ['copilot', 'status'] as const,
  settings: ['copilot', 'settings'] as const,
  usage: (month: string) => ['copilot', 'usage', month] as const,
};
