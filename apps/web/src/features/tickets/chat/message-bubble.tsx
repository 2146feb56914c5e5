import type { MessageView } from '@atende/shared/messages';
import { AccessTime, Done, DoneAll, Edit, ErrorOutlined, Forward, InsertDriveFile, Lock, MoreVert, PlayArrow, Reply } from '@mui/icons-material';
import { Box, Checkbox, IconButton, Link, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, formatFileSize } from '../../../lib/format.ts';
import { MessageTranslation } from '../../copilot/message-translation.tsx';
import { AudioPlayer } from '../media/audio-player.tsx';
import { ContactCardMessage } from '../composer/contact-card.tsx';
import { documentName } from '../media/document-name.ts';
import { fetchMediaSize } from '../tickets-api.ts';
import { ticketsQueryKeys } from '../list/tickets-cache.ts';
import { EmailParts } from './email-parts.tsx';
import { WhatsAppText } from './whatsapp-text.tsx';

// 01-core §4 Messages: ack 0 pending, 1 sent, 2 delivered, 3 read, 4-5 played.
const AckIcon = ({ ack }: { ack: number }) => {
  const sx = { fontSize: 14, ml: 0.5, verticalAlign: 'middle' };
  if (ack <= 0) return <AccessTime sx={sx} data-testid="ack-pending" />;
  if (ack === 1) return <Done sx={sx} data-testid="ack-sent" />;
  if (ack === 2) return <DoneAll sx={sx} data-testid="ack-delivered" />;
  if (ack === 3) return <DoneAll sx={{ ...sx, color: '#34b7f1' }} data-testid="ack-read" />;
  return <PlayArrow sx={{ ...sx, color: '#34b7f1' }} data-testid="ack-played" />;
};

const MEDIA_LIMIT = { maxWidth: 'min(600px, 100%)', maxHeight: 400 } as const;

const Media = ({ message }: { message: MessageView }) => {
  if (!message.mediaUrl) return null;
  if (message.mediaType === 'image' || message.mediaType === 'sticker') {
    return (
      <Link href={message.mediaUrl} target="_blank" rel="noreferrer">
        <Box component="img" src={message.mediaUrl} alt="" sx={{ ...MEDIA_LIMIT, display: 'block', borderRadius: 1, objectFit: 'contain' }} />
      </Link>
    );
  }
  if (message.mediaType === 'video') return <Box component="video" src={message.mediaUrl} controls sx={{ ...MEDIA_LIMIT, display: 'block', borderRadius: 1 }} />;
  if (message.mediaType === 'audio') return <AudioPlayer src={message.mediaUrl} />;
  return <DocumentCard mediaUrl={message.mediaUrl} name={documentName(message)} />;
};

// A document as WhatsApp shows one: its name and size, opened by a click.
const DocumentCard = ({ mediaUrl, name }: { mediaUrl: string; name: string }) => {
  const { t, i18n } = useTranslation();
  const size = useQuery({ queryKey: ticketsQueryKeys.mediaSize(mediaUrl), queryFn: () => fetchMediaSize(mediaUrl), staleTime: Infinity, retry: false });
  return (
    <Link
      href={mediaUrl}
      target="_blank"
      rel="noreferrer"
      underline="none"
      color="inherit"
      title={t('tickets.messages.download')}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', p: 1, mr: 2, mb: 0.5, borderRadius: 1, bgcolor: 'action.hover', minWidth: 0 }}
      data-testid="message-document"
    >
      <InsertDriveFile color="primary" />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="message-document-name">
          {name}
        </Typography>
        {size.data != null && (
          <Typography variant="caption" color="text.secondary" data-testid="message-document-size">
            {formatFileSize(size.data, i18n.language)}
          </Typography>
        )}
      </Box>
    </Link>
  );
};

type MessageBubbleProps = {
  message: MessageView;
  canEdit: boolean;
  onReply: (message: MessageView) => void;
  onEdit: (message: MessageView) => void;
  onDelete: (message: MessageView) => void;
  selecting: boolean;
  checked: boolean;
  onToggleSelect: (message: MessageView) => void;
  onForward: (message: MessageView) => void;
};

export const canForward = (message: MessageView) => !message.isDeleted && !message.isPrivate;

export const MessageBubble = memo(({ message, canEdit, onReply, onEdit, onDelete, selecting, checked, onToggleSelect, onForward }: MessageBubbleProps) => {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const mine = message.fromMe;
  // a document sent without a caption carries its file name as its text, shown once in its card
  const showBody = message.body && !(message.mediaUrl && (message.body === message.mediaUrl || (message.mediaType === 'application' && message.body === documentName(message))));
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: mine ? 'flex-end' : 'flex-start', px: 2, py: 0.375, bgcolor: checked ? 'action.selected' : undefined }}
      data-testid={`message-${message.id}`}
      data-from-me={mine}
      data-private={message.isPrivate}
      data-message-id={message.id}
    >
      {selecting && (
        <Checkbox
          size="small"
          checked={checked}
          disabled={!canForward(message)}
          onChange={() => onToggleSelect(message)}
          sx={{ mr: 'auto', order: -1 }}
          slotProps={{ input: { 'aria-label': t('tickets.messages.select'), ...({ 'data-testid': 'message-select' } as object) } }}
        />
      )}
      <Box
        sx={(theme) => ({
          position: 'relative',
          maxWidth: '75%',
          minWidth: 90,
          px: 1.25,
          pt: 0.75,
          pb: 0.5,
          borderRadius: 2,
          boxShadow: 1,
          bgcolor: message.isPrivate
            ? theme.palette.mode === 'dark' ? '#5c4a12' : '#fff3c4'
            : mine
              ? theme.palette.mode === 'dark' ? '#005c4b' : '#dcf8c6'
              : 'background.paper',
          border: message.isPrivate ? `1px dashed ${theme.palette.warning.main}` : undefined,
          '&:hover .message-menu': { opacity: 1 },
        })}
      >
        <IconButton className="message-menu" size="small" onClick={(event) => setMenu(event.currentTarget)} sx={{ position: 'absolute', top: 0, right: 0, opacity: 0, p: 0.25 }} data-testid="message-menu" aria-label={t('tickets.messages.options')}>
          <MoreVert sx={{ fontSize: 16 }} />
        </IconButton>
        {message.isPrivate && (
          <Typography variant="caption" color="warning.main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}>
            <Lock sx={{ fontSize: 12 }} /> {t('tickets.messages.private')}
          </Typography>
        )}
        {message.isForwarded && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontStyle: 'italic' }} data-testid="message-forwarded">
            <Forward sx={{ fontSize: 12 }} /> {t('tickets.messages.forwarded')}
          </Typography>
        )}
        {message.quotedMsg && (
          <Box sx={{ borderLeft: 4, borderColor: message.quotedMsg.fromMe ? 'success.main' : 'primary.main', bgcolor: 'action.hover', borderRadius: 1, px: 1, py: 0.5, mb: 0.5 }} data-testid="message-quoted">
            <Typography variant="caption" sx={{ fontWeight: 600, display: 'block' }}>
              {message.quotedMsg.fromMe ? t('tickets.messages.you') : message.quotedMsg.contact?.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
              {message.quotedMsg.body}
            </Typography>
          </Box>
        )}
        {message.isDeleted ? (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }} data-testid="message-deleted">
            {t('tickets.messages.deleted')}
          </Typography>
        ) : (
          <>
            <Media message={message} />
            {message.mediaType === 'contactMessage' ? (
              <ContactCardMessage vCard={message.vCard} fallbackName={message.body} />
            ) : showBody && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', pr: 2 }} data-testid="message-body">
                <WhatsAppText text={message.body} />
              </Typography>
            )}
            {message.email && <EmailParts email={message.email} />}
            {!mine && showBody && message.mediaType !== 'contactMessage' && <MessageTranslation messageId={message.id} body={message.body} />}
          </>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: 'right', fontSize: 11, mt: 0.25 }}>
          {message.isEdited && <span data-testid="message-edited">{t('tickets.messages.edited')} · </span>}
          {formatClock(new Date(message.createdAt))}
          {mine && !message.isPrivate && !message.sendError && <AckIcon ack={message.ack} />}
          {mine && message.sendError && (
            <ErrorOutlined
              color="error"
              sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'middle' }}
              titleAccess={t(`errors.${message.sendError}`, { defaultValue: message.sendError })}
              data-testid="message-send-error"
            />
          )}
        </Typography>
      </Box>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => { setMenu(null); onReply(message); }} data-testid="message-reply">
          <Reply fontSize="small" sx={{ mr: 1 }} /> {t('tickets.messages.reply')}
        </MenuItem>
        {canEdit && (
          <MenuItem onClick={() => { setMenu(null); onEdit(message); }} data-testid="message-edit">
            <Edit fontSize="small" sx={{ mr: 1 }} /> {t('tickets.messages.edit')}
          </MenuItem>
        )}
        {canForward(message) && (
          <MenuItem onClick={() => { setMenu(null); onForward(message); }} data-testid="message-forward">
            <Forward fontSize="small" sx={{ mr: 1 }} /> {t('tickets.messages.forward')}
          </MenuItem>
        )}
        {mine && !message.isDeleted && (
          <MenuItem onClick={() => { setMenu(null); onDelete(message); }} data-testid="message-delete" sx={{ color: 'error.main' }}>
            {t('tickets.messages.delete')}
          </MenuItem>
        )}
      </Menu>
    </Box>
  );
});
MessageBubble.displayName = 'MessageBubble';

export const DaySeparator = ({ label }: { label: string }) => (
  <Stack sx={{ alignItems: 'center', my: 1 }}>
    <Typography variant="caption" sx={{ px: 1.5, py: 0.25, borderRadius: 2, bgcolor: 'action.selected' }} data-testid="day-separator">
      {label}
    </Typography>
  </Stack>
);
