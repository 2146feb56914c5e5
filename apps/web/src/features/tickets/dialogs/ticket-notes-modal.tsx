import { ticketNoteBody, type TicketNoteBody, type TicketView } from '@atende/shared/tickets';
import { zodResolver } from '@hookform/resolvers/zod';
import { Delete } from '@mui/icons-material';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemText, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { setServerFieldErrors, useFieldError } from '../../../components/field-errors.ts';
import { toastError } from '../../../lib/error-message.ts';
import { formatClock, formatDate } from '../../../lib/format.ts';
import { useAddTicketNote, useRemoveTicketNote, useTicketNotes } from './use-ticket-notes.ts';

// the shared request schema judges the note; the ids ride along as the form's hidden values
type NoteFormValues = z.input<typeof ticketNoteBody>;

// Ticket notes (01-core §5: at least 2 characters; §8 toasts and delete confirmation).
export const TicketNotesModal = ({ ticket, onClose }: { ticket: TicketView; onClose: () => void }) => {
  const { t } = useTranslation();
  const { data: notes = [] } = useTicketNotes(ticket);
  const fieldError = useFieldError();
  const [deleting, setDeleting] = useState<number | null>(null);
  const form = useForm<NoteFormValues, unknown, TicketNoteBody>({
    defaultValues: { note: '', ticketId: ticket.id, contactId: ticket.contactId },
    resolver: zodResolver(ticketNoteBody),
  });
  const noteError = form.formState.errors.note;
  const addNote = useAddTicketNote(ticket, () => form.reset());
  const removeNote = useRemoveTicketNote(ticket, () => setDeleting(null));
  const add = form.handleSubmit(async (body) => {
    try {
      await addNote.mutateAsync(body);
    } catch (failure) {
      setServerFieldErrors(form.setError, failure);
      toastError(failure);
    }
  });
  const remove = () => {
    if (deleting !== null) removeNote.mutate(deleting);
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="notes-dialog">
      <DialogTitle>{t('tickets.notes.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            label={t('tickets.notes.new')}
            {...form.register('note')}
            error={Boolean(noteError)}
            helperText={fieldError(noteError) ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': 'note-input' } }}
          />
          <Button variant="contained" onClick={() => void add()} disabled={addNote.isPending} data-testid="note-add" sx={{ mt: 1 }}>
            {t('common.add')}
          </Button>
        </Stack>
        <List dense>
          {notes.map((note) => {
            const at = new Date(note.createdAt);
            return (
              <ListItem
                key={note.id}
                data-testid="note-item"
                secondaryAction={
                  <IconButton edge="end" onClick={() => setDeleting(note.id)} aria-label={t('common.delete')} data-testid="note-delete">
                    <Delete />
                  </IconButton>
                }
              >
                <ListItemText primary={note.note} secondary={`${note.user?.name ?? ''} · ${formatDate(at)} ${formatClock(at)}`} />
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
      <ConfirmDialog open={deleting !== null} title={t('tickets.notes.deleteTitle')} onConfirm={remove} onClose={() => setDeleting(null)}>
        {t('tickets.notes.deleteConfirm')}
      </ConfirmDialog>
    </Dialog>
  );
};
