// Help videos (03-saas §2 Helps tab, Help page; §7 helps calls): the super admin writes them,
// every signed-in user reads them. Live refresh of the list is not in the spec (§4), so no event.
import { HELPS_PAGE_SIZE, type HelpSaved, type HelpsListQuery, type HelpsPage, type HelpUpdateBody, type HelpView } from '@atende/shared/helps';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './helps.repo.ts';
import { toHelpView } from './helps.view.ts';

export const createHelpsService = ({ db }: { db: Db }) => ({
  page: async (query: HelpsListQuery): Promise<HelpsPage> => {
    const offset = (query.pageNumber - 1) * HELPS_PAGE_SIZE;
    const { rows, count } = await repo.listHelpsPage(db, { search: query.searchParam, limit: HELPS_PAGE_SIZE, offset });
    return { records: rows.map(toHelpView), count, hasMore: offset + rows.length < count };
  },

  list: async (): Promise<HelpView[]> => (await repo.listAllHelps(db)).map(toHelpView),

  create: async (body: HelpSaved): Promise<HelpView> => toHelpView(await repo.insertHelp(db, body)),

  update: async (helpId: number, body: HelpUpdateBody): Promise<HelpView> => {
    const row = await repo.updateHelp(db, helpId, body);
    if (!row) throw notFound();
    return toHelpView(row);
  },

  remove: async (helpId: number) => {
    if (!(await repo.deleteHelp(db, helpId))) throw notFound();
  },
});

export type HelpsService = ReturnType<typeof createHelpsService>;
