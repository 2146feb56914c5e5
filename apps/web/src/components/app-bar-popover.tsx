// An app bar button with a count badge that opens a popover list (01-core §2: notifications,
// announcements, internal chat).
import { Badge, IconButton, Popover, Tooltip } from '@mui/material';
import { useState, type ReactNode, type UIEvent } from 'react';

type AppBarPopoverProps = {
  title: string;
  icon: ReactNode;
  count: number;
  // names the button `{testId}-button`, the badge `{testId}-badge` and the popover `{testId}-popover`
  testId: string;
  // called as the popover opens, before it shows
  onOpen?: () => void;
  onScroll?: (event: UIEvent<HTMLElement>) => void;
  // the list; `close` closes the popover (an item that navigates or opens a dialog)
  children: (close: () => void) => ReactNode;
};

export const AppBarPopover = ({ title, icon, count, testId, onOpen, onScroll, children }: AppBarPopoverProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={title}>
        <IconButton
          color="inherit"
          onClick={(event) => {
            onOpen?.();
            setAnchor(event.currentTarget);
          }}
          // the count is part of the button's name, as it is of what the button shows
          aria-label={count > 0 ? `${title} (${count})` : title}
          data-testid={`${testId}-button`}
        >
          <Badge badgeContent={count > 0 ? count : null} color="error" data-testid={`${testId}-badge`}>
            {icon}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 340, maxHeight: 420 }, onScroll, 'data-testid': `${testId}-popover` } as object }}
      >
        {children(() => setAnchor(null))}
      </Popover>
    </>
  );
};
