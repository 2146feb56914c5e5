import { Delete } from '@mui/icons-material';
import { Avatar, Dialog, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemAvatar, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ListStatus } from '../../components/list-status.tsx';
import { useRemoveTagContact, useTag } from './use-tags.ts';

// The contacts of a tag, each removable from it (02-operations §2, DELETE /tags-contacts/{tagId}/{contactId}).
export const TagContactsDialog = ({ tagId, onClose }: { tagId: number | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { data: tag, isPending } = useTag(tagId);
  const remove = useRemoveTagContact(tagId);
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
