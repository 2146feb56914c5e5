import type { TicketView } from '@atende/shared/tickets';
import { AttachFile, Close, Lock, LockOpen, Send } from '@mui/icons-material';
import { Box, Chip, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import type { ReplyState } from './ticket-chat.tsx';
import { ticketsApi } from './tickets-api.ts';
import { upsertMessageInCache } from './tickets-cache.ts';

type MessageInputProps = { ticket: TicketView; reply: ReplyState; onClearReply: () => void };

// 01-core §2 Message input: disabled unless the ticket is open or group; blank text is not sent.
export const MessageInput = ({ ticket, reply, onClearReply }: MessageInputProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [isPrivate, setIsPrivate] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const editing = reply?.mode === 'edit';
  const enabled = ticket.status === 'open' || ticket.status === 'group';
  const lastEdit = useRef<number | null>(null);

  // entering edit mode fills the box with the message's text
  if (editing && lastEdit.current !== reply.message.id) {
    lastEdit.current = reply.message.id;
    setText(reply.message.body);
  } else if (!editing && lastEdit.current !== null) {
    lastEdit.current = null;
  }

  const clear = () => {
    setText('');
    setFiles([]);
    onClearReply();
  };

  const send = async () => {
    const body = text.trim();
    if (sending || (!body && files.length === 0)) return;
    setSending(true);
    try {
      if (editing) {
        upsertMessageInCache(queryClient, await ticketsApi.editMessage(reply.message.id, body));
      } else if (files.length > 0) {
        const created = await ticketsApi.sendMedia(ticket.id, files, body, isPrivate);
        for (const message of created) upsertMessageInCache(queryClient, message);
      } else {
        const created = await ticketsApi.send(ticket.id, {
          body,
          isPrivate,
          quotedMsg: reply?.mode === 'reply' ? { id: reply.message.id } : undefined,
        });
        for (const message of created) upsertMessageInCache(queryClient, message);
      }
      clear();
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', p: 1, bgcolor: 'background.paper' }} data-testid="message-input-box">
      {reply && (
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1, px: 1, py: 0.5, borderLeft: 4, borderColor: editing ? 'warning.main' : 'primary.main', bgcolor: 'action.hover', borderRadius: 1 }} data-testid="reply-preview">
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="caption" sx={{ fontWeight: 600 }}>
              {editing ? t('tickets.input.editing') : t('tickets.input.replyingTo')}
            </Typography>
            <Typography variant="body2" noWrap color="text.secondary">
              {reply.message.body}
            </Typography>
          </Box>
          <IconButton size="small" onClick={clear} aria-label={t('common.cancel')}>
            <Close fontSize="small" />
          </IconButton>
        </Stack>
      )}
      {files.length > 0 && (
        <Stack direction="row" spacing={0.5} sx={{ mb: 1, flexWrap: 'wrap' }} data-testid="attachments-preview">
          {files.map((file, index) => (
            <Chip key={`${file.name}-${index}`} label={file.name} onDelete={() => setFiles((list) => list.filter((_, i) => i !== index))} />
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-end' }}>
        <Tooltip title={isPrivate ? t('tickets.input.privateOn') : t('tickets.input.privateOff')}>
          <span>
            <IconButton disabled={!enabled || editing} color={isPrivate ? 'warning' : 'default'} onClick={() => setIsPrivate((value) => !value)} data-testid="message-private-toggle" aria-pressed={isPrivate}>
              {isPrivate ? <Lock /> : <LockOpen />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('tickets.input.attach')}>
          <span>
            <IconButton disabled={!enabled || editing || isPrivate} onClick={() => fileInput.current?.click()} data-testid="message-attach">
              <AttachFile />
            </IconButton>
          </span>
        </Tooltip>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="message-file-input"
          onChange={(event) => {
            setFiles((list) => [...list, ...Array.from(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <TextField
          fullWidth
          multiline
          maxRows={6}
          size="small"
          disabled={!enabled}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={
            !enabled ? t('tickets.input.disabled') : files.length > 0 ? t('tickets.input.caption') : isPrivate ? t('tickets.input.privatePlaceholder') : t('tickets.input.placeholder')
          }
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void send();
            }
          }}
          sx={isPrivate ? { '& .MuiOutlinedInput-root': { bgcolor: 'warning.light', color: 'warning.contrastText' } } : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'message-input' } }}
        />
        <IconButton color="primary" disabled={!enabled || sending || (!text.trim() && files.length === 0)} onClick={() => void send()} data-testid="message-send" aria-label={t('tickets.input.send')}>
          <Send />
        </IconButton>
      </Stack>
    </Box>
  );
};
