import type { KnowledgeArticleBody, KnowledgeArticleView, KnowledgeIntakeState } from '@atende/shared/knowledge';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { knowledgeApi, knowledgeQueryKeys } from './knowledge-api.ts';

export const useKnowledgePages = (search: string) =>
  useInfiniteQuery({
    queryKey: knowledgeQueryKeys.pages(search),
    queryFn: ({ pageParam }) => knowledgeApi.page(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useKnowledgeArticle = (id: number | null) =>
  useQuery({ queryKey: knowledgeQueryKeys.one(id ?? 0), queryFn: () => knowledgeApi.get(id ?? 0), enabled: id !== null, staleTime: 0 });

export type KnowledgeFormValues = Required<KnowledgeArticleBody>;

export const useSaveKnowledgeArticle = (article: KnowledgeArticleView | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: (values: KnowledgeFormValues) => (article ? knowledgeApi.update(article.id, values) : knowledgeApi.create(values)),
    store: (client) => client.invalidateQueries({ queryKey: knowledgeQueryKeys.all }),
    savedToast: t('knowledge.toasts.saved'),
  });
};

export const useKnowledgeSearch = () => useMutation({ mutationFn: knowledgeApi.search });

// Taking in the sources: the state is asked while it waits or runs, with the last intake's report
// (kept by the server, so a reload shows it); a new report comes on company-{id}-knowledge when an
// intake ends, and the list is read again.
export const useKnowledgeIntake = () => {
  const client = useQueryClient();
  const state = useQuery({
    queryKey: knowledgeQueryKeys.intake,
    queryFn: knowledgeApi.intakeState,
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'idle' ? 2000 : false),
  });
  const start = useMutation({
    mutationFn: knowledgeApi.startIntake,
    onSuccess: (answer) => client.setQueryData(knowledgeQueryKeys.intake, answer),
  });
  useCompanyEvent('knowledge', (payload) => {
    client.setQueryData<KnowledgeIntakeState>(knowledgeQueryKeys.intake, { state: 'idle', last: payload.report });
    void client.invalidateQueries({ queryKey: knowledgeQueryKeys.all });
  });
  return { busy: start.isPending || (state.data?.state ?? 'idle') !== 'idle', start, report: state.data?.last ?? null };
};
