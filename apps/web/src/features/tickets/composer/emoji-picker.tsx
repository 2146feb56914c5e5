import { InsertEmoticon } from '@mui/icons-material';
import { Box, IconButton, Popover, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const EMOJIS = [
  '😀', '😃', '😄', '😁', '😆', '😅', '😂', '🤣', '😊', '😇',
  '🙂', '😉', '😍', '😘', '😋', '😎', '🤔', '😐', '😴', '😢',
  '😭', '😡', '😱', '🤗', '🙏', '👍', '👎', '👏', '👋', '💪',
  '🎉', '❤️', '💔', '🔥', '⭐', '✅', '❌', '⚠️', '📞', '📦',
] as const;

// edge: the button sits at the start of a text box, as its adornment
export const EmojiButton = ({ disabled, onPick, edge }: { disabled: boolean; onPick: (emoji: string) => void; edge?: 'start' }) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('tickets.input.emoji')}>
        <span>
          <IconButton
            disabled={disabled}
            edge={edge}
            size={edge ? 'small' : 'medium'}
            onClick={(event) => setAnchor(event.currentTarget)}
            data-testid="message-emoji"
            aria-label={t('tickets.input.emoji')}
          >
            <InsertEmoticon />
          </IconButton>
        </span>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        disableRestoreFocus
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(8, 36px)', p: 1 }} data-testid="emoji-popover">
          {EMOJIS.map((emoji) => (
            <IconButton
              key={emoji}
              size="small"
              sx={{ fontSize: 20, width: 36, height: 36 }}
              onClick={() => {
                onPick(emoji);
                setAnchor(null);
              }}
              data-testid="emoji-option"
              aria-label={emoji}
            >
              {emoji}
            </IconButton>
          ))}
        </Box>
      </Popover>
    </>
  );
};
