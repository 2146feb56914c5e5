import type { ApiKeyView } from '@atende/shared/api-keys';
import { BlockOutlined } from '@mui/icons-material';
import { Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CrudColumn } from '../../components/crud-list-page.tsx';
import { formatClock, formatDate } from '../../lib/format.ts';

const dateTime = (value: string) => `${formatDate(new Date(value))} ${formatClock(new Date(value))}`;

// The columns of a key's row, for the company's list and the super admin's (which puts the
// company first); the revoke button opens the list's confirmation.
export const useApiKeyColumns = <Key extends ApiKeyView>(leading: CrudColumn<Key>[] = []): CrudColumn<Key>[] => {
  const { t } = useTranslation();
  return [
    ...leading,
    {
      key: 'name',
      header: t('apiKeys.columns.name'),
      render: (key) => (
        <Stack>
          <Typography variant="body2">{key.name}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {`atk_${key.prefix}_…`}
          </Typography>
        </Stack>
      ),
    },
    { key: 'scopes', header: t('apiKeys.columns.scopes'), render: (key) => key.scopes.join(', ') },
    { key: 'expiresAt', header: t('apiKeys.columns.expiresAt'), render: (key) => (key.expiresAt ? dateTime(key.expiresAt) : t('apiKeys.never')) },
    { key: 'lastUsedAt', header: t('apiKeys.columns.lastUsedAt'), testId: 'api-key-last-used', render: (key) => (key.lastUsedAt ? dateTime(key.lastUsedAt) : t('apiKeys.notUsed')) },
    {
      key: 'state',
      header: t('apiKeys.columns.state'),
      align: 'center',
      testId: 'api-key-state',
      render: (key) => <Chip size="small" color={key.revoked ? 'default' : 'success'} label={key.revoked ? t('apiKeys.revoked') : t('apiKeys.active')} />,
    },
    {
      key: 'actions',
      header: t('apiKeys.columns.actions'),
      align: 'center',
      render: (key, row) =>
        !key.revoked && (
          <Tooltip title={t('apiKeys.revoke')}>
            <IconButton size="small" onClick={row.remove} aria-label={t('apiKeys.revoke')} data-testid="api-key-revoke">
              <BlockOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
    },
  ];
};
