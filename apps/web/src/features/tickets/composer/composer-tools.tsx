import { Check, MoreHoriz } from '@mui/icons-material';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ComposerTool = {
  // also the test id, the same on the row and in the menu
  id: string;
  icon: ReactNode;
  label: string;
  onClick: () => void;
  disabled: boolean;
  // a toggle's state: pressed on the row, checked in the menu
  pressed?: boolean;
  pressedColor?: 'warning' | 'primary';
};

const ToolButton = ({ tool }: { tool: ComposerTool }) => (
  <Tooltip title={tool.label}>
    <span>
      <IconButton
        disabled={tool.disabled}
        color={tool.pressed ? tool.pressedColor : 'default'}
        onClick={tool.onClick}
        aria-label={tool.label}
        aria-pressed={tool.pressed}
        data-testid={tool.id}
      >
        {tool.icon}
      </IconButton>
    </span>
  </Tooltip>
);

// The first `inline` tools sit on the row; the others fold into a menu, whose button takes the
// colour of a pressed toggle inside it so a private note never goes unnoticed.
export const ComposerTools = ({ tools, inline }: { tools: ComposerTool[]; inline: number }) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const folded = tools.slice(inline);
  const pressedInMenu = folded.find((tool) => tool.pressed);
  return (
    <>
      {tools.slice(0, inline).map((tool) => (
        <ToolButton key={tool.id} tool={tool} />
      ))}
      {folded.length > 0 && (
        <Tooltip title={t('tickets.input.moreTools')}>
          <IconButton
            color={pressedInMenu?.pressedColor ?? 'default'}
            onClick={(event) => setAnchor(event.currentTarget)}
            aria-label={t('tickets.input.moreTools')}
            aria-haspopup="menu"
            aria-expanded={Boolean(anchor)}
            data-testid="message-tools-menu"
          >
            <MoreHoriz />
          </IconButton>
        </Tooltip>
      )}
      <Menu
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        {folded.map((tool) => (
          <MenuItem
            key={tool.id}
            disabled={tool.disabled}
            role={tool.pressed === undefined ? 'menuitem' : 'menuitemcheckbox'}
            aria-checked={tool.pressed}
            onClick={() => {
              setAnchor(null);
              tool.onClick();
            }}
            data-testid={tool.id}
          >
            <ListItemIcon>{tool.icon}</ListItemIcon>
            <ListItemText>{tool.label}</ListItemText>
            {tool.pressed && <Check fontSize="small" color={tool.pressedColor} sx={{ ml: 2 }} />}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
