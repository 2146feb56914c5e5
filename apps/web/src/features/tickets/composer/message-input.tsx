import { channelCan } from '@atende/shared/channel-capabilities';
import type { MessageView } from '@atende/shared/messages';
import { renderPlaceholders } from '@atende/shared/placeholders';
import type { QuickMessageView } from '@atende/shared/quick-messages';
import type { TicketView } from '@atende/shared/tickets';
import { AttachFile, Checklist, Close, ContactPhone, Draw, Lock, LockOpen, PhotoCamera, Send, ViewQuilt } from '@mui/icons-material';
import { Box, Chip, IconButton, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/error-message.ts';
import { useElementWidth } from '../../../lib/use-element-width.ts';
import { useSessionUser } from '../../../lib/session/session-context.ts';
import { CopilotComposerBar } from '../../copilot/copilot-composer-bar.tsx';
import { MacroSuggestions } from '../../macros/macro-suggestions.tsx';
import { QuickMessageSuggestions } from '../../quick-messages/quick-message-suggestions.tsx';
import { AudioRecorder } from './audio-recorder.tsx';
import { CameraCaptureDialog } from './camera-capture-dialog.tsx';
import { composerLayout } from './composer-layout.ts';
import { ComposerTools, type ComposerTool } from './composer-tools.tsx';
import { ContactCardDialog } from './contact-card.tsx';
import { insertAt, SIGN_OPTION_KEY } from './chat-extras.ts';
import { EmojiButton } from './emoji-picker.tsx';
import { TemplateDialog } from './template-dialog.tsx';
import { useSendComposed } from './use-send-message.ts';
import { useTellTyping } from '../chat/use-webchat-typing.ts';

export type ReplyState = { mode: 'reply' | 'edit'; message: MessageView } | null;

type MessageInputProps = { ticket: TicketView; reply: ReplyState; onClearReply: () => void; onSelectMode: () => void };

const readSign = () => {
  try {
    return localStorage.getItem(SIGN_OPTION_KEY) === 'true';
  } catch {
    return false;
  }
};

// 01-core §2 Message input: disabled unless the ticket is open or group; blank text is not sent.
export const MessageInput = ({ ticket, reply, onClearReply, onSelectMode }: MessageInputProps) => {
  const { t } = useTranslation();
  const me = useSessionUser();
  const signAvailable = me.company.settings.sendSignMessage === 'enabled';
  const [signOn, setSignOn] = useState(readSign);
  const sign = signAvailable && signOn;
  const [cardOpen, setCardOpen] = useState(false);
  const [templateOpen, setTemplateOpen] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const textArea = useRef<HTMLTextAreaElement | null>(null);
  const [text, setText] = useState('');
  const [isPrivate, setIsPrivate] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const [boxRef, boxWidth] = useElementWidth<HTMLDivElement>();
  const editing = reply?.mode === 'edit';
  const enabled = ticket.status === 'open' || ticket.status === 'group';
  const lastEdit = useRef<number | null>(null);
  const tellTyping = useTellTyping(ticket);

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

  const sendMessage = useSendComposed(ticket);
  const sendOptions = { isPrivate, signMessage: sign };
  const sending = sendMessage.isPending;
  const send = () => {
    const body = text.trim();
    if (sending || (!body && files.length === 0)) return;
    sendMessage.mutate(
      { body, files, editing: editing ? reply.message : null, quoted: reply?.mode === 'reply' ? reply.message : null, ...sendOptions },
      { onSuccess: clear, onError: (error) => toastError(error) },
    );
  };


  // A chosen quick message replaces the '/' text, its placeholders filled for this ticket, and
  // its file joins the attachments.
  const pickQuickMessage = async (record: QuickMessageView) => {
    setText(renderPlaceholders(record.message, { name: ticket.contact.name, protocol: String(ticket.id), queue: ticket.queue?.name ?? '', user: me.name }));
    textArea.current?.focus();
    if (!record.mediaPath) return;
    try {
      const blob = await (await fetch(record.mediaPath)).blob();
      setFiles((list) => [...list, new File([blob], record.mediaName ?? 'file', { type: blob.type })]);
    } catch (error) {
      toastError(error);
    }
  };

  const toggleSign = () => {
    const next = !signOn;
    setSignOn(next);
    try {
      localStorage.setItem(SIGN_OPTION_KEY, String(next));
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  };

  // in the order they stay on the row: what folds into the menu first is last here
  const withoutMedia = !enabled || editing || isPrivate;
  const tools: ComposerTool[] = [
    {
      id: 'message-private-toggle',
      icon: isPrivate ? <Lock /> : <LockOpen />,
      label: isPrivate ? t('tickets.input.privateOn') : t('tickets.input.privateOff'),
      onClick: () => setIsPrivate((value) => !value),
      disabled: !enabled || editing,
      pressed: isPrivate,
      pressedColor: 'warning',
    },
    { id: 'message-attach', icon: <AttachFile />, label: t('tickets.input.attach'), onClick: () => fileInput.current?.click(), disabled: withoutMedia },
    { id: 'message-camera', icon: <PhotoCamera />, label: t('tickets.camera.open'), onClick: () => setCameraOpen(true), disabled: withoutMedia },
    { id: 'message-contact-card-open', icon: <ContactPhone />, label: t('tickets.input.contactCard'), onClick: () => setCardOpen(true), disabled: withoutMedia },
    ...(channelCan(ticket.channel, 'templates')
      ? [{ id: 'message-template-open', icon: <ViewQuilt />, label: t('tickets.input.template'), onClick: () => setTemplateOpen(true), disabled: withoutMedia }]
      : []),
    { id: 'message-select-mode', icon: <Checklist />, label: t('tickets.input.selectMessages'), onClick: onSelectMode, disabled: editing },
    ...(signAvailable
      ? [
          {
            id: 'message-sign-toggle',
            icon: <Draw />,
            label: sign ? t('tickets.input.signOn') : t('tickets.input.signOff'),
            onClick: toggleSign,
            disabled: !enabled || editing,
            pressed: sign,
            pressedColor: 'primary' as const,
          },
        ]
      : []),
  ];

  const layout = composerLayout(boxWidth, tools.length);

  const insertEmoji = (emoji: string) => {
    const element = textArea.current;
    const next = insertAt(text, emoji, element?.selectionStart ?? null, element?.selectionEnd ?? null);
    setText(next.value);
    requestAnimationFrame(() => {
      const target = textArea.current;
      if (!target) return;
      target.focus();
      target.setSelectionRange(next.cursor, next.cursor);
    });
  };

  return (
    <Box ref={boxRef} sx={{ borderTop: 1, borderColor: 'divider', p: 1, bgcolor: 'background.paper' }} data-testid="message-input-box" data-stacked={layout.stacked}>
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
      {enabled && !editing && <QuickMessageSuggestions text={text} onPick={(record) => void pickQuickMessage(record)} />}
      {enabled && !editing && <MacroSuggestions text={text} ticketId={ticket.id} onRun={() => setText('')} />}
      {enabled && !editing && (
        <CopilotComposerBar
          ticketId={ticket.id}
          text={text}
          onText={(next) => {
            setText(next);
            textArea.current?.focus();
          }}
        />
      )}
      {files.length > 0 && (
        <Stack direction="row" spacing={0.5} sx={{ mb: 1, flexWrap: 'wrap' }} data-testid="attachments-preview">
          {files.map((file, index) => (
            <Chip key={`${file.name}-${index}`} label={file.name} onDelete={() => setFiles((list) => list.filter((_, i) => i !== index))} />
          ))}
        </Stack>
      )}
      {/* one flex row throughout, so a change of layout never remounts the text box or a recording */}
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'flex-end', flexWrap: 'wrap' }} data-testid="message-composer-row">
        <ComposerTools tools={tools} inline={layout.inlineTools} />
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
          onChange={(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
            setText(event.target.value);
            if (!isPrivate) tellTyping();
          }}
          inputRef={textArea}
          placeholder={
            !enabled ? t('tickets.input.disabled') : files.length > 0 ? t('tickets.input.caption') : isPrivate ? t('tickets.input.privatePlaceholder') : t('tickets.input.placeholder')
          }
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void send();
            }
          }}
          sx={{
            flex: 1,
            minWidth: 0,
            // stacked: the text box takes the first line, the buttons the one below
            ...(layout.stacked && { order: -1, flexBasis: '100%' }),
            ...(isPrivate && { '& .MuiOutlinedInput-root': { bgcolor: 'warning.light', color: 'warning.contrastText' } }),
          }}
          slotProps={{
            htmlInput: { 'data-testid': 'message-input' },
            input: {
              startAdornment: (
                <InputAdornment position="start" sx={{ alignSelf: 'flex-end', height: 'auto', maxHeight: 'none', mb: '-5px' }}>
                  <EmojiButton disabled={!enabled} onPick={insertEmoji} edge="start" />
                </InputAdornment>
              ),
            },
          }}
        />
        {layout.stacked && <Box sx={{ flex: 1 }} />}
        <IconButton color="primary" disabled={!enabled || sending || (!text.trim() && files.length === 0)} onClick={() => void send()} data-testid="message-send" aria-label={t('tickets.input.send')}>
          <Send />
        </IconButton>
        <AudioRecorder ticket={ticket} disabled={!enabled || editing || isPrivate} options={sendOptions} />
      </Stack>
      {cardOpen && <ContactCardDialog ticket={ticket} onClose={() => setCardOpen(false)} />}
      {templateOpen && <TemplateDialog ticket={ticket} onClose={() => setTemplateOpen(false)} />}
      {cameraOpen && <CameraCaptureDialog ticket={ticket} options={sendOptions} onClose={() => setCameraOpen(false)} />}
    </Box>
  );
};
