import { zodResolver } from '@hookform/resolvers/zod';
import { helpBody, type HelpBody, type HelpSaved, type HelpView } from '@atende/shared/helps';
import { Dialog, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { toast } from '../../lib/toast.ts';
import { useSaveHelp } from './use-save-help.ts';

type HelpFormDialogProps = { help: HelpView | null; onClose: () => void };

// 03-saas §2 Helps tab: title, video code, description.
export const HelpFormDialog = ({ help, onClose }: HelpFormDialogProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<HelpBody, unknown, HelpSaved>({
    defaultValues: { title: help?.title ?? '', video: help?.video ?? '', description: help?.description ?? '' },
    resolver: zodResolver(helpBody),
  });
  const { errors } = form.formState;
  const save = useSaveHelp(help);
  const saveFailed = (error: unknown) => {
    setServerFieldErrors(form.setError, error);
    toast.error(t('helps.toasts.saveFailed'));
  };
  const field = (name: keyof HelpBody, testId: string) => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), slotProps: { htmlInput: { 'data-testid': testId } } };
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="help-form-dialog">
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: onClose, onError: saveFailed }))}>
        <DialogTitle>{help ? t('helps.form.editTitle') : t('helps.form.addTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField {...field('title', 'help-title')} label={t('helps.fields.title')} fullWidth autoFocus />
            <TextField {...field('video', 'help-video')} label={t('helps.fields.video')} fullWidth />
            <TextField {...field('description', 'help-description')} label={t('helps.fields.description')} fullWidth multiline minRows={3} />
          </Stack>
        </DialogContent>
        <FormDialogActions onClose={onClose} pending={save.isPending} submitTestId="help-save" />
      </form>
    </Dialog>
  );
};
