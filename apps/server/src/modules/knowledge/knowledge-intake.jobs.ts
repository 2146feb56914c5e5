// Taking in the knowledge sources (issue 42 point 1) on the job runner, since reading a company's
// documents can be long: its shared text quick messages and its file lists' PDFs and text documents
// become articles, keyed by (source, sourceId) so taking them in again updates them and never doubles
// them; the articles of sources gone since are removed. A document that cannot be read (a PDF past
// its reader's time or memory limit among them) is named in the report, which is kept for the
// knowledge screen and sent to whoever started the intake.
import { z } from 'zod';
import { KNOWLEDGE_LANGUAGES, type KnowledgeIntakeReport, type KnowledgeLanguage } from '@atende/shared/knowledge';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EventBus } from '../../platform/events.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob, findUnfinishedJob } from '../../platform/jobs/jobs.repo.ts';
import type { Storage } from '../../platform/storage.ts';
import { isKnowledgeDocument, readDocumentText, UnreadableDocument, type PdfLimits } from './knowledge-documents.ts';
import { writeLastIntakeReport } from './knowledge-intake-report.repo.ts';
import { sharedTextQuickMessages, storedFileListDocuments } from './knowledge-sources.repo.ts';
import { deleteArticlesOfGoneSources, saveArticle } from './knowledge.repo.ts';

export const knowledgeIntakeJob = defineJobKind({
  name: 'knowledge.intake',
  payload: z.object({ companyId: z.number().int().positive(), userId: z.number().int().positive(), language: z.enum(KNOWLEDGE_LANGUAGES) }),
  priority: 'bulk',
  maxAttempts: 3,
  backoff: { baseSeconds: 5, maxSeconds: 60 },
});

// one intake per company at a time: asking again while one waits moves it
const intakeKey = (companyId: number) => `knowledge-intake:${companyId}`;

export const enqueueKnowledgeIntake = (db: DbOrTx, companyId: number, userId: number, language: KnowledgeLanguage) =>
  enqueueJob(db, knowledgeIntakeJob, { companyId, userId, language }, { singletonKey: intakeKey(companyId) });

export const unfinishedKnowledgeIntake = (db: DbOrTx, companyId: number) => findUnfinishedJob(db, knowledgeIntakeJob.name, intakeKey(companyId));

// a document the reader refused says why; any other failure is of opening the stored file
const unreadableOf = (name: string, error: unknown) => ({
  name,
  reason: error instanceof UnreadableDocument ? error.reason : ('missing' as const),
  detail: (error instanceof Error ? error.message : String(error)).slice(0, 200),
});

export const registerKnowledgeIntakeJob = (runner: Pick<JobRunner, 'register'>, deps: { db: Db; bus: EventBus; storage: Storage; clock: Clock; pdfLimits: PdfLimits }) => {
  const { db, storage, pdfLimits } = deps;

  const takeInQuickMessages = async (companyId: number, language: KnowledgeLanguage, report: KnowledgeIntakeReport) => {
    const messages = await sharedTextQuickMessages(db, companyId);
    for (const message of messages) {
      await saveArticle(db, companyId, { queueId: null, source: 'quickMessage', sourceId: message.id, title: message.shortcode, body: message.message, language });
    }
    report.quickMessages = messages.length;
    report.removed += await deleteArticlesOfGoneSources(db, companyId, 'quickMessage', messages.map((message) => message.id));
  };

  const takeInDocuments = async (companyId: number, language: KnowledgeLanguage, report: KnowledgeIntakeReport) => {
    const documents = (await storedFileListDocuments(db, companyId)).filter((document) => document.path && isKnowledgeDocument(document.path));
    for (const document of documents) {
      const name = document.name || document.listName;
      let body: string;
      try {
        body = await storage.withCompanyFile(companyId, document.path ?? '', (file) => readDocumentText(file.path, pdfLimits));
      } catch (error) {
        // an unreadable file keeps what an earlier intake read from it
        report.unreadable.push(unreadableOf(name, error));
        continue;
      }
      await saveArticle(db, companyId, { queueId: null, source: 'fileList', sourceId: document.id, title: name, body, language });
      report.documents += 1;
    }
    report.removed += await deleteArticlesOfGoneSources(db, companyId, 'fileList', documents.map((document) => document.id));
  };

  runner.register(knowledgeIntakeJob, {
    run: async ({ companyId, userId, language }) => {
      const report: KnowledgeIntakeReport = { finishedAt: '', quickMessages: 0, documents: 0, removed: 0, unreadable: [] };
      await takeInQuickMessages(companyId, language, report);
      await takeInDocuments(companyId, language, report);
      report.finishedAt = deps.clock.now().toISOString();
      await writeLastIntakeReport(db, companyId, report);
      deps.bus.publish({ companyId, event: 'knowledge', payload: { action: 'intake', report }, audience: { userId } });
    },
  });
};
