// 02-operations §8: the delete confirmation 'Exclusão de Registro / Deseja realmente excluir esse
// registro?'.
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog.tsx';

export const DeleteRecordDialog = ({ open, busy, onConfirm, onClose }: { open: boolean; busy: boolean; onConfirm: () => void; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <ConfirmDialog open={open} title={t('common.deleteRecord.title')} busy={busy} onConfirm={onConfirm} onClose={onClose}>
      {t('common.deleteRecord.message')}
    </ConfirmDialog>
  );
};
