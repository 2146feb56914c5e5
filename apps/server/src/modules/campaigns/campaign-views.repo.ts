// Campaigns as the API answers them: contact lists, connections and delivery counts read for the
// whole page (and a campaign's shipping list for its detail), then campaigns.view.ts.
import type { DbOrTx } from '../../db/client.ts';
import type { CampaignRow } from '../../db/schema.ts';
import { campaignRelations, listShipping } from './campaigns.repo.ts';
import { toCampaignDetail, toCampaignViews } from './campaigns.view.ts';

export const loadCampaignViews = async (db: DbOrTx, companyId: number, rows: CampaignRow[]) =>
  toCampaignViews(rows, await campaignRelations(db, companyId, rows));

export const loadCampaignView = async (db: DbOrTx, row: CampaignRow) => (await loadCampaignViews(db, row.companyId, [row]))[0];

export const loadCampaignDetail = async (db: DbOrTx, row: CampaignRow) =>
  toCampaignDetail(await loadCampaignView(db, row), await listShipping(db, row.companyId, row.id));
