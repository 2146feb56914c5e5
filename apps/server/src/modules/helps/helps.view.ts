import type { HelpView } from '@atende/shared/helps';
import type { HelpRow } from './helps.repo.ts';

export const toHelpView = (row: HelpRow): HelpView => ({
  id: row.id,
  title: row.title,
  video: row.video,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
