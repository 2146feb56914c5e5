import { Alert, Box, CircularProgress, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { PromptForm } from './prompt-form.tsx';
import { usePrompt } from './use-prompts.ts';

type PromptModalProps = { open: boolean; promptId: number | null; onClose: () => void };

export const PromptModal = ({ open, promptId, onClose }: PromptModalProps) => {
  const { t } = useTranslation();
  const { data: prompt, isPending, error } = usePrompt(promptId);
  const editing = promptId !== null;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth scroll="paper" data-testid="prompt-modal">
      <DialogTitle>{editing ? t('prompts.modal.editTitle') : t('prompts.modal.addTitle')}</DialogTitle>
      {editing && error ? (
        <DialogContent>
          <Alert severity="error">{errorMessage(error)}</Alert>
        </DialogContent>
      ) : editing && (isPending || !prompt) ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : (
        <PromptForm key={prompt?.id ?? 'new'} prompt={editing && prompt ? prompt : null} onClose={onClose} />
      )}
    </Dialog>
  );
};
