import { Delete } from '@mui/icons-material';
import { Avatar, Dialog, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemAvatar, ListItemText } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListStatus } from '../../components/list-status.tsx';
import { toastError } from '../../lib/error-message.ts';
import { tagsApi, tagsQueryKeys } from './tags-api.ts';
import { useTag } from './use-tags.ts';

// The contacts of a tag, each removable from it (02-operations §2, DELETE /tags-contacts/{tagId}/{contactId}).
export const TagContactsDialog = ({ tagId, onClose }: { tagId: number | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: tag, isPending } = useTag(tagId);
  const remove = useMutation({
    mutationFn: (contactId: number) => tagsApi.removeContact(tagId ?? 0, contactId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagsQueryKeys.one(tagId ?? 0) }),
    onError: (error) => toastError(error),
  });
  const contacts = tag?.contacts ?? [];
  return (
    <Dialog open={tagId !== null} onClose={onClose} maxWidth="sm" fullWidth data-testid="tag-contacts-dialog">
      <DialogTitle>{t('tags.contactsTitle', { name: tag?.name ?? '' })}</DialogTitle>
      <DialogContent dividers>
        <List dense>
          {contacts.map((contact) => (
            <ListItem
              key={contact.id}
              data-testid="tag-contact"
              secondaryAction={
                <IconButton edge="end" aria-label={t('tags.removeContact')} disabled={remove.isPending} onClick={() => remove.mutate(contact.id)} data-testid="tag-contact-remove">
                  <Delete />
                </IconButton>
              }
            >
              <ListItemAvatar>
                <Avatar src={contact.urlPicture || undefined}>{contact.name.charAt(0)}</Avatar>
              </ListItemAvatar>
              <ListItemText primary={contact.name} secondary={contact.number} />
            </ListItem>
          ))}
        </List>
        <ListStatus loading={isPending} empty={contacts.length === 0} emptyText={t('tags.noContacts')} />
      </DialogContent>
    </Dialog>
  );
};
