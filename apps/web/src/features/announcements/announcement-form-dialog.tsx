import {
  ANNOUNCEMENT_MEDIA_ACCEPT,
  announcementPriorities,
  announcementSaveBody,
  DEFAULT_ANNOUNCEMENT_PRIORITY,
  type AnnouncementSaveBody,
  type AnnouncementSaveInput,
  type AnnouncementView,
} from '@atende/shared/announcements';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { toastError } from '../../lib/error-message.ts';
import { useSaveAnnouncement } from './use-announcements.ts';

type FormValues = AnnouncementSaveInput;

type Props = { open: boolean; announcement: AnnouncementView | null; onClose: () => void };

// 02-operations §5 Announcement: title and text required; the image accepts .png, .jpg, .jpeg.
export const AnnouncementFormDialog = ({ open, announcement, onClose }: Props) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const form = useForm<FormValues, unknown, AnnouncementSaveBody>({
    values: {
      title: announcement?.title ?? '',
      text: announcement?.text ?? '',
      priority: announcement?.priority ?? DEFAULT_ANNOUNCEMENT_PRIORITY,
      status: announcement?.status ?? true,
    },
    resolver: zodResolver(announcementSaveBody),
  });
  const close = () => {
    setFile(null);
    setDropMedia(false);
    onClose();
  };
  const save = useSaveAnnouncement(announcement, { file, dropMedia });
  const saveFailed = (error: unknown) => {
    if (setServerFieldErrors(form.setError, error).length === 0) toastError(error);
  };
  const mediaName = file?.name ?? (dropMedia ? null : announcement?.mediaName);

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth data-testid="announcement-form">
      <form noValidate onSubmit={form.handleSubmit((body) => save.mutate(body, { onSuccess: close, onError: saveFailed }))}>
        <DialogTitle>{announcement ? t('announcements.edit') : t('announcements.new')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              {...form.register('title')}
              label={t('announcements.fields.title')}
              error={Boolean(form.formState.errors.title)}
              helperText={fieldError(form.formState.errors.title)}
              slotProps={{ htmlInput: { 'data-testid': 'announcement-title' } }}
            />
            <TextField
              {...form.register('text')}
              label={t('announcements.fields.text')}
              multiline
              minRows={3}
              error={Boolean(form.formState.errors.text)}
              helperText={fieldError(form.formState.errors.text)}
              slotProps={{ htmlInput: { 'data-testid': 'announcement-text' } }}
            />
            <Controller
              control={form.control}
              name="priority"
              render={({ field }) => (
                <TextField select label={t('announcements.fields.priority')} value={field.value} onChange={(event) => field.onChange(Number(event.target.value))}>
                  {announcementPriorities.map((priority) => (
                    <MenuItem key={priority} value={priority}>
                      {t(`announcements.priorities.${priority}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <FormControlLabel control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label={t('announcements.fields.status')} />
              )}
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button variant="outlined" component="label">
                {mediaName ?? t('announcements.chooseImage')}
                <input
                  hidden
                  type="file"
                  accept={ANNOUNCEMENT_MEDIA_ACCEPT}
                  data-testid="announcement-file"
                  onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                />
              </Button>
              {mediaName && (
                <Button
                  color="inherit"
                  onClick={() => {
                    setFile(null);
                    setDropMedia(true);
                  }}
                >
                  {t('announcements.removeImage')}
                </Button>
              )}
            </Stack>
          </Stack>
        </DialogContent>
        <FormDialogActions onClose={close} pending={save.isPending} submitTestId="announcement-save" />
      </form>
    </Dialog>
  );
};
