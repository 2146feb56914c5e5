import type { QuickMessageView } from '@atende/shared/quick-messages';
import type { QuickMessageRow } from './quick-messages.repo.ts';

export const toQuickMessageView = (row: QuickMessageRow): QuickMessageView => ({
  id: row.id,
  shortcode: row.shortcode,
  message: row.message,
  geral: row.geral,
  visao: row.visao,
  status: row.status,
  userId: row.userId,
  mediaPath: row.mediaPath,
  mediaName: row.mediaName,
});
