import type { SlaPolicyView } from '@atende/shared/sla';
import { Chip, Dialog, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { useQueueOptions } from '../queues/use-queues.ts';
import { removePolicyFromCache, slaPoliciesApi } from './sla-policies-api.ts';
import { SlaPolicyForm } from './sla-policy-form.tsx';
import { useSlaPolicies } from './use-sla-policies.ts';

type ModalState = { open: boolean; policy: SlaPolicyView | null };

// issue 40 point 3 /sla-policies (admins, plans with automation): the company's SLA policies, by
// queue and priority, with their targets in minutes.
export const SlaPoliciesPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending } = useSlaPolicies();
  const { data: queues = [] } = useQueueOptions();
  const [modal, setModal] = useState<ModalState>({ open: false, policy: null });
  const closeModal = () => setModal((current) => ({ ...current, open: false }));
  const minutes = (value: number | null) => (value === null ? '—' : t('sla.policies.minutes', { count: value }));
  const columns: CrudColumn<SlaPolicyView>[] = [
    { key: 'name', header: t('sla.policies.fields.name'), render: (policy) => policy.name, testId: 'sla-policies-name' },
    {
      key: 'queue',
      header: t('sla.policies.fields.queue'),
      render: (policy) => queues.find((queue) => queue.id === policy.queueId)?.name ?? t('sla.policies.companyDefault'),
    },
    { key: 'priority', header: t('sla.policies.fields.priority'), render: (policy) => (policy.priority ? t(`tickets.priority.${policy.priority}`) : t('sla.policies.anyPriority')) },
    { key: 'firstResponse', header: t('sla.policies.fields.firstResponseMinutes'), render: (policy) => minutes(policy.firstResponseMinutes) },
    { key: 'nextResponse', header: t('sla.policies.fields.nextResponseMinutes'), render: (policy) => minutes(policy.nextResponseMinutes) },
    { key: 'resolution', header: t('sla.policies.fields.resolutionMinutes'), render: (policy) => minutes(policy.resolutionMinutes) },
    { key: 'hoursMode', header: t('sla.policies.fields.hoursMode'), render: (policy) => t(`sla.policies.hoursModes.${policy.hoursMode}`) },
    {
      key: 'active',
      header: t('sla.policies.fields.active'),
      render: (policy) => <Chip size="small" color={policy.active ? 'success' : 'default'} label={policy.active ? t('sla.policies.on') : t('sla.policies.off')} />,
    },
    {
      key: 'actions',
      align: 'center',
      render: (policy, row) => <EditDeleteActions onEdit={() => setModal({ open: true, policy })} onDelete={row.remove} testIdPrefix="sla-policies" />,
    },
  ];

  return (
    <CrudListPage
      title={t('sla.policies.title')}
      add={{ label: t('sla.policies.add'), onClick: () => setModal({ open: true, policy: null }) }}
      columns={columns}
      rows={data?.policies ?? []}
      loading={isPending}
      emptyText={t('sla.policies.empty')}
      testIdPrefix="sla-policies"
      remove={{
        run: (policy) => slaPoliciesApi.remove(policy.id),
        onRemoved: (policy) => removePolicyFromCache(queryClient, policy.id),
        title: (policy) => t('sla.policies.confirmDelete', { name: policy.name }),
        removedToast: t('sla.policies.deleted'),
      }}
    >
      <Dialog open={modal.open} onClose={closeModal} maxWidth="md" fullWidth data-testid="sla-policy-modal">
        <DialogTitle>{modal.policy ? t('sla.policies.editTitle') : t('sla.policies.addTitle')}</DialogTitle>
        <SlaPolicyForm key={modal.policy?.id ?? 'new'} policy={modal.policy} onClose={closeModal} />
      </Dialog>
    </CrudListPage>
  );
};
