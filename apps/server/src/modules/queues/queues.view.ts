// Queues with their chatbot option trees, built from all the options of the page.
import type { ChatbotView, QueueView } from '@atende/shared/queues';
import type { ChatbotRow, QueueRow } from './queues.repo.ts';

const toTree = (rows: ChatbotRow[], parentId: number | null): ChatbotView[] =>
  rows
    .filter((row) => row.parentId === parentId)
    .map(({ companyId: _c, createdAt: _a, updatedAt: _u, ...row }) => ({ ...row, options: toTree(rows, row.id) }));

export const toQueueViews = (rows: QueueRow[], options: ChatbotRow[]): QueueView[] =>
  rows.map(({ createdAt: _a, updatedAt: _u, ...row }) => ({
    ...row,
    chatbots: toTree(options.filter((option) => option.queueId === row.id), null),
  }));

export const toChatbotView = (row: ChatbotRow, all: ChatbotRow[] = [row]): ChatbotView => {
  const { companyId: _c, createdAt: _a, updatedAt: _u, ...rest } = row;
  return { ...rest, options: toTree(all, row.id) };
};
