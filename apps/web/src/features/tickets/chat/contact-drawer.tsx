import type { TicketView } from '@atende/shared/tickets';
import { Block, Close, Edit, LockOpen } from '@mui/icons-material';
import { Avatar, Box, Button, Chip, CircularProgress, Divider, FormControlLabel, IconButton, Stack, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { openTicketDialog } from '../dialogs/ticket-dialogs.ts';
import { useContact } from '../../contact-records/use-contact.ts';
import { ContactModal } from '../../contact-records/contact-modal.tsx';
import { KanbanLaneSelect } from './kanban-lane-select.tsx';
import { useBlockContact } from '../../contact-records/use-block-contact.ts';
import { useToggleAcceptAudio } from '../../contact-records/use-toggle-accept-audio.ts';

export const CONTACT_DRAWER_WIDTH = 320;

// 01-core §2 Contact drawer: picture, name, number (masked as the server gives it), email, edit,
// block/unblock, accept-audio toggle, kanban stage, notes and extra info.
// overlay: over the chat's right edge instead of beside it, where beside it would squeeze the chat
export const ContactDrawer = ({ contactId, ticket, overlay, onClose }: { contactId: number; ticket: TicketView; overlay: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const block = useBlockContact();
  const [editing, setEditing] = useState(false);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const { data: contact } = useContact(contactId);

  const toggleAudio = useToggleAcceptAudio();

  return (
    <Box
      component="aside"
      aria-label={t('contacts.drawer.title')}
      sx={{
        width: CONTACT_DRAWER_WIDTH,
        maxWidth: '100%',
        flexShrink: 0,
        borderLeft: 1,
        borderColor: 'divider',
        overflowY: 'auto',
        bgcolor: 'background.paper',
        ...(overlay && { position: 'absolute', top: 0, right: 0, bottom: 0, zIndex: 2, boxShadow: 8 }),
      }}
      data-testid="contact-drawer"
      data-overlay={overlay}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography sx={{ flex: 1, fontWeight: 600 }}>{t('contacts.drawer.title')}</Typography>
        <IconButton onClick={onClose} aria-label={t('common.close')} data-testid="contact-drawer-close">
          <Close />
        </IconButton>
      </Stack>
      {!contact ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={24} />
        </Box>
      ) : (
        <Stack spacing={1.5} sx={{ p: 2, alignItems: 'stretch' }}>
          <Stack spacing={1} sx={{ alignItems: 'center' }}>
            <Avatar src={contact.urlPicture || undefined} sx={{ width: 120, height: 120, fontSize: 48 }}>
              {contact.name.charAt(0).toUpperCase()}
            </Avatar>
            <Typography variant="h6" sx={{ textAlign: 'center', wordBreak: 'break-word' }} data-testid="contact-drawer-name">
              {contact.name}
            </Typography>
            <Typography color="text.secondary" data-testid="contact-drawer-number">{contact.number}</Typography>
            {contact.email && <Typography color="text.secondary">{contact.email}</Typography>}
            {!contact.active && <Chip color="error" size="small" label={t('contacts.blocked')} data-testid="contact-drawer-blocked" />}
            <Stack direction="row" spacing={1}>
              <Button size="small" variant="outlined" startIcon={<Edit />} onClick={() => setEditing(true)} data-testid="contact-drawer-edit">
                {t('common.edit')}
              </Button>
              {contact.active ? (
                <Button size="small" variant="outlined" color="error" startIcon={<Block />} onClick={() => setConfirmBlock(true)} data-testid="contact-drawer-block">
                  {t('contacts.actions.block')}
                </Button>
              ) : (
                <Button size="small" variant="outlined" startIcon={<LockOpen />} onClick={() => void block(contact, true)} data-testid="contact-drawer-unblock">
                  {t('contacts.actions.unblock')}
                </Button>
              )}
            </Stack>
          </Stack>
          <FormControlLabel
            control={<Switch checked={contact.acceptAudioMessage} onChange={() => toggleAudio.mutate(contact.id)} slotProps={{ input: { 'data-testid': 'contact-accept-audio' } as object }} />}
            label={t('contacts.fields.acceptAudio')}
          />
          <KanbanLaneSelect ticket={ticket} />
          {contact.tags.length > 0 && (
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {contact.tags.map((tag) => (
                <Chip key={tag.id} size="small" label={tag.name} sx={{ bgcolor: tag.color, color: '#fff' }} />
              ))}
            </Stack>
          )}
          <Divider />
          <Button variant="text" onClick={() => openTicketDialog({ kind: 'notes', ticket })} data-testid="contact-drawer-notes">
            {t('tickets.actions.notes')}
          </Button>
          {contact.extraInfo.length > 0 && (
            <>
              <Divider />
              <Typography variant="subtitle2">{t('contacts.modal.extraInfo')}</Typography>
              {contact.extraInfo.map((info) => (
                <Box key={info.id}>
                  <Typography variant="caption" color="text.secondary">{info.name}</Typography>
                  <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>{info.value}</Typography>
                </Box>
              ))}
            </>
          )}
        </Stack>
      )}
      <ContactModal open={editing} contactId={contactId} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={confirmBlock}
        title={t('contacts.block.title', { name: contact?.name ?? '' })}
        onClose={() => setConfirmBlock(false)}
        onConfirm={() => {
          setConfirmBlock(false);
          if (contact) void block(contact, false);
        }}
      >
        {t('contacts.block.text')}
      </ConfirmDialog>
    </Box>
  );
};
