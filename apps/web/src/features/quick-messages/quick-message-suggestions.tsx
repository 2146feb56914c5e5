import type { QuickMessageView } from '@atende/shared/quick-messages';
import { AttachFile } from '@mui/icons-material';
import { List, ListItemButton, ListItemIcon, ListItemText, Paper } from '@mui/material';
import { useQuickMessagesList } from './use-quick-messages.ts';

// 02-operations §9: typing '/' at the start of the chat input opens the quick messages whose
// shortcode contains what follows it.
export const QuickMessageSuggestions = ({ text, onPick }: { text: string; onPick: (record: QuickMessageView) => void }) => {
  const open = text.startsWith('/');
  const { data = [] } = useQuickMessagesList(open);
  if (!open) return null;
  const typed = text.slice(1).toLowerCase();
  const matches = data.filter((record) => record.shortcode.toLowerCase().includes(typed));
  if (matches.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ mb: 1, maxHeight: 240, overflow: 'auto' }} data-testid="quick-message-suggestions">
      <List dense disablePadding>
        {matches.map((record) => (
          <ListItemButton key={record.id} onClick={() => onPick(record)} data-testid="quick-message-suggestion">
            {record.mediaPath && (
              <ListItemIcon sx={{ minWidth: 32 }}>
                <AttachFile fontSize="small" />
              </ListItemIcon>
            )}
            <ListItemText primary={`/${record.shortcode}`} secondary={record.message} slotProps={{ secondary: { noWrap: true } }} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
};
