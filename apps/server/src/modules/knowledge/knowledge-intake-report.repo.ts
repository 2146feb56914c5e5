// The last intake's report (issue 42 point 1), kept as a company_settings row of its own (JSON),
// which GET /settings never lists and PUT /settings cannot write, so the knowledge screen shows it
// after a reload and not only to the socket that heard it end.
import { and, eq } from 'drizzle-orm';
import { knowledgeIntakeReport, type KnowledgeIntakeReport } from '@atende/shared/knowledge';
import type { DbOrTx } from '../../db/client.ts';
import { companySettings } from '../../db/schema.ts';
import { writeCompanyValue } from '../settings/company-settings.repo.ts';

const REPORT_KEY = 'knowledgeIntakeReport';

export const readLastIntakeReport = async (db: DbOrTx, companyId: number): Promise<KnowledgeIntakeReport | null> => {
  const [row] = await db
    .select({ value: companySettings.value })
    .from(companySettings)
    .where(and(eq(companySettings.companyId, companyId), eq(companySettings.key, REPORT_KEY)));
  if (!row) return null;
  try {
    return knowledgeIntakeReport.parse(JSON.parse(row.value));
  } catch {
    return null;
  }
};

export const writeLastIntakeReport = (db: DbOrTx, companyId: number, report: KnowledgeIntakeReport) => writeCompanyValue(db, companyId, REPORT_KEY, JSON.stringify(report));
