import type { MacroView } from '@atende/shared/automation';
import { Check, WarningAmber } from '@mui/icons-material';
import { Chip, Dialog, DialogTitle, Stack, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { canEditMacro } from './macro-access.ts';
import { MacroForm } from './macro-form.tsx';
import { macrosApi, removeMacroFromCache } from './macros-api.ts';
import { useMacros } from './use-macros.ts';

type ModalState = { open: boolean; macro: MacroView | null };

// /macros (issue 40 point 2): the user's own macros and the company's shared ones, each with its
// actions in order and a warning on an action whose queue, user, tag or quick message is gone.
export const MacrosPage = () => {
  const { t } = useTranslation();
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const { data = [], isPending } = useMacros();
  const [modal, setModal] = useState<ModalState>({ open: false, macro: null });
  const closeModal = () => setModal((current) => ({ ...current, open: false }));

  const brokenText = (macro: MacroView) =>
    macro.brokenActions
      .map((broken) => t('macros.broken', { position: broken.index + 1, action: t(`automationActions.kinds.${broken.kind}`, { defaultValue: broken.kind }), missing: t(`macros.missing.${broken.missing}`) }))
      .join(' ');

  const columns: CrudColumn<MacroView>[] = [
    {
      key: 'name',
      header: t('macros.columns.name'),
      render: (macro) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{macro.name}</span>
          {macro.brokenActions.length > 0 && (
            <Tooltip title={brokenText(macro)}>
              <WarningAmber color="warning" fontSize="small" aria-label={brokenText(macro)} data-testid="macros-broken" />
            </Tooltip>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: t('macros.columns.actions'),
      render: (macro) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {macro.actions.map((action, index) => (
            <Chip key={index} size="small" variant="outlined" label={`${index + 1}. ${t(`automationActions.kinds.${action.kind}`)}`} />
          ))}
        </Stack>
      ),
    },
    { key: 'shared', header: t('macros.columns.shared'), align: 'center', render: (macro) => macro.shared && <Check fontSize="small" data-testid="macros-shared" /> },
    {
      key: 'edit',
      align: 'center',
      render: (macro, row) => canEditMacro(me, macro) && <EditDeleteActions onEdit={() => setModal({ open: true, macro })} onDelete={row.remove} testIdPrefix="macros" />,
    },
  ];

  return (
    <CrudListPage
      title={t('macros.title')}
      add={{ label: t('macros.add'), onClick: () => setModal({ open: true, macro: null }) }}
      columns={columns}
      rows={data}
      loading={isPending}
      emptyText={t('macros.empty')}
      testIdPrefix="macros"
      remove={{
        run: (macro) => macrosApi.remove(macro.id),
        onRemoved: (macro) => removeMacroFromCache(queryClient, macro.id),
        removedToast: t('macros.toasts.deleted'),
      }}
    >
      <Dialog open={modal.open} onClose={closeModal} maxWidth="md" fullWidth data-testid="macro-modal">
        <DialogTitle>{modal.macro ? t('macros.editTitle') : t('macros.addTitle')}</DialogTitle>
        {modal.open && <MacroForm macro={modal.macro} onClose={closeModal} />}
      </Dialog>
    </CrudListPage>
  );
};
