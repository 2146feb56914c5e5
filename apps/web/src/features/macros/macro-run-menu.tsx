import { AutoFixHigh, Settings } from '@mui/icons-material';
import { Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMacrosList, useRunMacro } from './use-macros.ts';

type MacroRunMenuProps = { ticketId: number; anchor: HTMLElement | null; onClose: () => void };

// The chat header's macros (issue 40 point 2): the user's own and the shared ones; one click runs
// one on the ticket. The list is read when the menu first opens.
export const MacroRunMenu = ({ ticketId, anchor, onClose }: MacroRunMenuProps) => {
  const { t } = useTranslation();
  const { data = [], isPending } = useMacrosList(anchor !== null);
  const run = useRunMacro(ticketId);
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose} data-testid="ticket-macros-menu">
      {isPending && <MenuItem disabled>{t('macros.loading')}</MenuItem>}
      {!isPending && data.length === 0 && <MenuItem disabled>{t('macros.none')}</MenuItem>}
      {data.map((macro) => (
        <MenuItem
          key={macro.id}
          disabled={run.isPending}
          onClick={() => {
            run.mutate(macro);
            onClose();
          }}
          data-testid="ticket-macro"
        >
          <ListItemIcon>
            <AutoFixHigh fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={macro.name} secondary={macro.shared ? t('macros.sharedLabel') : undefined} />
        </MenuItem>
      ))}
      <Divider />
      <MenuItem component={Link} to="/macros" onClick={onClose} data-testid="ticket-macros-manage">
        <ListItemIcon>
          <Settings fontSize="small" />
        </ListItemIcon>
        {t('macros.manage')}
      </MenuItem>
    </Menu>
  );
};
