import { chatSaveBody, type ChatSaveBody, type ChatSaveInput, type ChatView } from '@atende/shared/chats';
import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Chip, Dialog, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { toastError } from '../../lib/error-message.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { useUsersList } from '../users/use-users.ts';
import { useSaveChat } from './use-chats.ts';

type ChatDialogProps = { open: boolean; chat: ChatView | null; onClose: () => void; onSaved: (chat: ChatView) => void };

// 02-operations §5 Chat: a title and at least one user; the owner is always a member.
export const ChatDialog = ({ open, chat, onClose, onSaved }: ChatDialogProps) => {
  const { t } = useTranslation();
  const me = useSessionUser();
  const fieldError = useFieldError();
  const { data: users = [] } = useUsersList(open);
  const others = users.filter((user) => user.id !== me.id);
  const form = useForm<ChatSaveInput, unknown, ChatSaveBody>({
    values: {
      title: chat?.title ?? '',
      users: chat?.users.map((member) => member.userId).filter((id) => id !== me.id) ?? [],
    },
    resolver: zodResolver(chatSaveBody),
  });
  const save = useSaveChat(chat);
  const saved = (savedChat: ChatView) => {
    onSaved(savedChat);
    onClose();
  };
  const saveFailed = (error: unknown) => {
    if (setServerFieldErrors(form.setError, error).length === 0) toastError(error);
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="chat-dialog">
      <form noValidate onSubmit={form.handleSubmit((body) => save.mutate(body, { onSuccess: saved, onError: saveFailed }))}>
        <DialogTitle>{chat ? t('chats.edit') : t('chats.new')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              {...form.register('title')}
              label={t('chats.fields.title')}
              error={Boolean(form.formState.errors.title)}
              helperText={fieldError(form.formState.errors.title)}
              slotProps={{ htmlInput: { 'data-testid': 'chat-title' } }}
            />
            <Controller
              control={form.control}
              name="users"
              render={({ field, fieldState }) => (
                <Autocomplete
                  multiple
                  options={others}
                  getOptionLabel={(option) => option.name}
                  value={others.filter((user) => field.value.includes(user.id))}
                  onChange={(_, chosen) => field.onChange(chosen.map((user) => user.id))}
                  renderValue={(chosen, getItemProps) =>
                    chosen.map((user, index) => <Chip {...getItemProps({ index })} key={user.id} label={user.name} size="small" />)
                  }
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('chats.fields.users')}
                      error={Boolean(fieldState.error)}
                      helperText={fieldError(fieldState.error)}
                      slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'chat-users' } }}
                    />
                  )}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions onClose={onClose} pending={save.isPending} submitTestId="chat-save" />
      </form>
    </Dialog>
  );
};
