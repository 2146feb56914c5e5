import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import type { KnowledgeArticleSummary } from '@atende/shared/knowledge';
import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { formatClock, formatDate } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useQueueOptions } from '../queues/use-queues.ts';
import { knowledgeApi, knowledgeQueryKeys } from './knowledge-api.ts';
import { KnowledgeArticleDialog } from './knowledge-article-dialog.tsx';
import { KnowledgeTryDialog } from './knowledge-try-dialog.tsx';
import { useKnowledgeIntake, useKnowledgePages } from './use-knowledge.ts';

type ModalState = { open: boolean; articleId: number | null };

// issue 42 point 1: the copilot's knowledge, its articles and the sources taken in.
export const KnowledgePage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useKnowledgePages(debouncedSearch);
  const { data: queues = [] } = useQueueOptions();
  const intake = useKnowledgeIntake();
  const [modal, setModal] = useState<ModalState>({ open: false, articleId: null });
  const [trying, setTrying] = useState(false);
  const records = data?.pages.flatMap((page) => page.records) ?? [];
  const queueName = (id: number | null) => (id === null ? t('knowledge.allQueues') : (queues.find((queue) => queue.id === id)?.name ?? ''));
  const columns: CrudColumn<KnowledgeArticleSummary>[] = [
    { key: 'title', header: t('knowledge.columns.title'), render: (article) => article.title },
    { key: 'excerpt', header: t('knowledge.columns.text'), render: (article) => article.excerpt },
    { key: 'queue', header: t('knowledge.columns.queue'), render: (article) => queueName(article.queueId) },
    { key: 'source', header: t('knowledge.columns.source'), render: (article) => t(`knowledge.sources.${article.source}`) },
    {
      key: 'actions',
      header: t('knowledge.columns.actions'),
      align: 'center',
      render: (article, row) => <EditDeleteActions onEdit={() => setModal({ open: true, articleId: article.id })} onDelete={row.remove} testIdPrefix="knowledge" />,
    },
  ];
  const report = intake.report;

  return (
    <CrudListPage
      title={t('knowledge.title')}
      search={{ value: search, onChange: setSearch }}
      add={{ label: t('knowledge.add'), onClick: () => setModal({ open: true, articleId: null }) }}
      headerActions={
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => setTrying(true)} data-testid="knowledge-try-open">
            {t('knowledge.try.open')}
          </Button>
          <Button variant="outlined" disabled={intake.busy} onClick={() => intake.start.mutate({})} data-testid="knowledge-intake">
            {intake.busy ? t('knowledge.intake.running') : t('knowledge.intake.start')}
          </Button>
        </Stack>
      }
      columns={columns}
      rows={records}
      loading={isPending}
      emptyText={t('knowledge.empty')}
      testIdPrefix="knowledge"
      rowAttributes={(article) => ({ 'data-article-id': article.id })}
      paging={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
      remove={{
        run: (article) => knowledgeApi.remove(article.id),
        onRemoved: () => queryClient.invalidateQueries({ queryKey: knowledgeQueryKeys.all }),
        title: (article) => t('knowledge.confirmDelete.title', { title: article.title }),
        message: t('knowledge.confirmDelete.message'),
        removedToast: t('knowledge.toasts.deleted'),
      }}
    >
      {report && (
        <Alert severity={report.unreadable.length ? 'warning' : 'success'} sx={{ mt: 2 }} data-testid="knowledge-intake-report">
          <AlertTitle>{t('knowledge.intake.last', { when: `${formatDate(new Date(report.finishedAt))} ${formatClock(new Date(report.finishedAt))}` })}</AlertTitle>
          {t('knowledge.intake.report', { quickMessages: report.quickMessages, documents: report.documents, removed: report.removed })}
          {report.unreadable.length > 0 && (
            <>
              {` ${t('knowledge.intake.unreadable')}`}
              <Box component="ul" sx={{ my: 0, pl: 3 }}>
                {report.unreadable.map((file) => (
                  <li key={file.name} data-testid="knowledge-intake-unreadable">
                    {t('knowledge.intake.unreadableFile', { name: file.name, reason: t(`knowledge.intake.reasons.${file.reason}`) })}
                  </li>
                ))}
              </Box>
            </>
          )}
        </Alert>
      )}
      <KnowledgeArticleDialog open={modal.open} articleId={modal.articleId} onClose={() => setModal((current) => ({ ...current, open: false }))} />
      <KnowledgeTryDialog open={trying} onClose={() => setTrying(false)} />
    </CrudListPage>
  );
};
