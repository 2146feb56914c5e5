import { AutoFixHigh } from '@mui/icons-material';
import { List, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useMacrosAllowed, useMacrosList, useRunMacro } from './use-macros.ts';

type MacroSuggestionsProps = { text: string; ticketId: number; onRun: () => void };

// Issue 40 point 2: typing '/' at the start of the chat input offers the macros whose name contains
// what follows, in their own group beside the quick messages; one chosen runs on the ticket and
// inserts no text (onRun clears the '/' typed).
export const MacroSuggestions = ({ text, ticketId, onRun }: MacroSuggestionsProps) => {
  const { t } = useTranslation();
  const open = useMacrosAllowed() && text.startsWith('/');
  const { data = [] } = useMacrosList(open);
  const run = useRunMacro(ticketId);
  if (!open) return null;
  const typed = text.slice(1).trim().toLowerCase();
  const matches = data.filter((macro) => macro.name.toLowerCase().includes(typed));
  if (matches.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ mb: 1, maxHeight: 200, overflow: 'auto' }} data-testid="macro-suggestions">
      <List
        dense
        disablePadding
        subheader={
          <ListSubheader sx={{ lineHeight: '32px' }} data-testid="macro-suggestions-title">
            {t('macros.title')}
          </ListSubheader>
        }
      >
        {matches.map((macro) => (
          <ListItemButton
            key={macro.id}
            disabled={run.isPending}
            onClick={() => {
              run.mutate(macro);
              onRun();
            }}
            data-testid="macro-suggestion"
          >
            <ListItemIcon sx={{ minWidth: 32 }}>
              <AutoFixHigh fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={macro.name}
              secondary={macro.actions.map((action) => t(`automationActions.kinds.${action.kind}`)).join(' · ')}
              slotProps={{ secondary: { noWrap: true } }}
            />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
};
