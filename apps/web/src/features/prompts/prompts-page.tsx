import type { PromptView } from '@atende/shared/prompts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { useQueueEvents } from '../queues/use-queues.ts';
import { PromptModal } from './prompt-modal.tsx';
import { promptsApi, removePromptFromCache } from './prompts-api.ts';
import { usePromptEvents, usePrompts } from './use-prompts.ts';

type ModalState = { open: boolean; promptId: number | null };

// 02-operations §2 /prompts (Talk.Ai): name, queue, max tokens, actions.
export const PromptsPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending } = usePrompts();
  const prompts = data?.prompts ?? [];
  usePromptEvents();
  useQueueEvents();
  const [modal, setModal] = useState<ModalState>({ open: false, promptId: null });
  const columns: CrudColumn<PromptView>[] = [
    { key: 'name', header: t('prompts.columns.name'), render: (prompt) => prompt.name },
    { key: 'queue', header: t('prompts.columns.queue'), render: (prompt) => prompt.queue?.name ?? '' },
    { key: 'maxTokens', header: t('prompts.columns.maxTokens'), align: 'center', render: (prompt) => prompt.maxTokens },
    {
      key: 'actions',
      header: t('prompts.columns.actions'),
      align: 'center',
      render: (prompt, row) => <EditDeleteActions onEdit={() => setModal({ open: true, promptId: prompt.id })} onDelete={row.remove} testIdPrefix="prompts" />,
    },
  ];

  return (
    <CrudListPage
      title={t('prompts.title')}
      add={{ label: t('prompts.add'), onClick: () => setModal({ open: true, promptId: null }) }}
      columns={columns}
      rows={prompts}
      loading={isPending}
      emptyText={t('prompts.empty')}
      testIdPrefix="prompts"
      rowAttributes={(prompt) => ({ 'data-prompt-id': prompt.id })}
      remove={{
        run: (prompt) => promptsApi.remove(prompt.id),
        onRemoved: (prompt) => removePromptFromCache(queryClient, prompt.id),
        title: (prompt) => t('prompts.confirmDelete.title', { name: prompt.name }),
        message: t('prompts.confirmDelete.message'),
        removedToast: t('prompts.toasts.deleted'),
      }}
    >
      <PromptModal open={modal.open} promptId={modal.promptId} onClose={() => setModal((current) => ({ ...current, open: false }))} />
    </CrudListPage>
  );
};
