import type { WebhookEndpointView, WebhookEndpointWithSecret } from '@atende/shared/webhooks';
import { HistoryOutlined, KeyOutlined } from '@mui/icons-material';
import { Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog.tsx';
import { WebhookFormDialog } from './webhook-form-dialog.tsx';
import { WebhookSecretDialog } from './webhook-secret-dialog.tsx';
import { webhooksApi, webhooksQueryKeys } from './webhooks-api.ts';
import { useRotateWebhookSecret, useWebhookEndpoints } from './use-webhooks.ts';

type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; endpoint: WebhookEndpointView | null }
  | { kind: 'secret'; answer: WebhookEndpointWithSecret }
  | { kind: 'deliveries'; endpoint: WebhookEndpointView };

// Issue 37 point 1 /webhooks: the company's event webhook endpoints, whether each is on (or was
// switched off for failing), its deliveries, its secret's rotation.
export const WebhooksPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending } = useWebhookEndpoints();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const showSecret = (answer: WebhookEndpointWithSecret) => setDialog({ kind: 'secret', answer });
  const rotate = useRotateWebhookSecret(showSecret);

  const columns: CrudColumn<WebhookEndpointView>[] = [
    {
      key: 'url',
      header: t('webhooks.columns.url'),
      render: (endpoint) => (
        <Stack>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Typography>
          {endpoint.description && (
            <Typography variant="caption" color="text.secondary">
              {endpoint.description}
            </Typography>
          )}
        </Stack>
      ),
    },
    { key: 'events', header: t('webhooks.columns.events'), render: (endpoint) => endpoint.events.join(', ') },
    {
      key: 'state',
      header: t('webhooks.columns.state'),
      align: 'center',
      testId: 'webhook-state',
      render: (endpoint) =>
        endpoint.active ? (
          <Chip size="small" color="success" label={t('webhooks.active')} />
        ) : (
          <Chip size="small" color={endpoint.disabledReason ? 'error' : 'default'} label={endpoint.disabledReason ? t('webhooks.disabledForFailures') : t('webhooks.inactive')} />
        ),
    },
    {
      key: 'actions',
      header: t('webhooks.columns.actions'),
      align: 'center',
      render: (endpoint, row) => (
        <>
          <Tooltip title={t('webhooks.deliveries.open')}>
            <IconButton size="small" onClick={() => setDialog({ kind: 'deliveries', endpoint })} aria-label={t('webhooks.deliveries.open')} data-testid="webhooks-deliveries">
              <HistoryOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('webhooks.rotateSecret')}>
            <IconButton size="small" onClick={() => rotate.mutate(endpoint)} aria-label={t('webhooks.rotateSecret')} data-testid="webhooks-rotate-secret">
              <KeyOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <EditDeleteActions onEdit={() => setDialog({ kind: 'form', endpoint })} onDelete={row.remove} testIdPrefix="webhooks" />
        </>
      ),
    },
  ];

  return (
    <CrudListPage
      title={t('webhooks.title')}
      add={{ label: t('webhooks.add'), onClick: () => setDialog({ kind: 'form', endpoint: null }) }}
      columns={columns}
      rows={data?.endpoints ?? []}
      loading={isPending}
      emptyText={t('webhooks.empty')}
      testIdPrefix="webhooks"
      rowAttributes={(endpoint) => ({ 'data-webhook-id': endpoint.id })}
      remove={{
        run: (endpoint) => webhooksApi.remove(endpoint.id),
        onRemoved: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKeys.list }),
        title: (endpoint) => t('webhooks.confirmDelete.title', { url: endpoint.url }),
        message: t('webhooks.confirmDelete.message'),
        removedToast: t('webhooks.toasts.deleted'),
      }}
    >
      {dialog.kind === 'form' && <WebhookFormDialog endpoint={dialog.endpoint} onClose={close} onSecret={showSecret} />}
      {dialog.kind === 'secret' && <WebhookSecretDialog answer={dialog.answer} onClose={close} />}
      {dialog.kind === 'deliveries' && <WebhookDeliveriesDialog endpoint={dialog.endpoint} onClose={close} />}
    </CrudListPage>
  );
};
