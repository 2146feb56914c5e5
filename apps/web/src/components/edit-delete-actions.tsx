// The edit and delete buttons of a table row; a row that cannot be deleted passes no onDelete.
import { DeleteOutlined, EditOutlined } from '@mui/icons-material';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';

export const EditDeleteActions = ({ onEdit, onDelete, testIdPrefix }: { onEdit: () => void; onDelete?: () => void; testIdPrefix: string }) => {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip title={t('common.edit')}>
        <IconButton size="small" onClick={onEdit} aria-label={t('common.edit')} data-testid={`${testIdPrefix}-edit`}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {onDelete && (
        <Tooltip title={t('common.delete')}>
          <IconButton size="small" onClick={onDelete} aria-label={t('common.delete')} data-testid={`${testIdPrefix}-delete`}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
};
