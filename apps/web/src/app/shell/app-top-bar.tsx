import { Menu as MenuIcon, Refresh } from '@mui/icons-material';
import { AppBar, Box, IconButton, Toolbar, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AppLogo } from '../../features/branding/app-logo.tsx';
import { planAllows } from '@atende/shared/permissions';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { AnnouncementsPopover } from '../../features/announcements/announcements-popover.tsx';
import { ChatsPopover } from '../../features/chats/chats-popover.tsx';
import { NotificationsPopover } from '../../features/notifications/notifications-popover.tsx';
import { UpdateButton } from '../../features/version/update-button.tsx';
import { ThemeToggleButton } from '../../components/theme-toggle-button.tsx';
import { Greeting } from './greeting.tsx';
import { LanguageMenu } from '../../components/language-menu.tsx';
import { UserMenu } from './user-menu.tsx';
import { VolumeControl } from './volume-control.tsx';

export const AppTopBar = ({ onToggleDrawer }: { onToggleDrawer: () => void }) => {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <AppBar position="fixed" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }} data-testid="app-bar">
      {/* at phone width the icons are a little tighter, so the account button stays on screen (issue 35 point 3) */}
      <Toolbar sx={{ gap: { xs: 0, sm: 0.5 }, px: { xs: 1, sm: 2 }, '& .MuiIconButton-root': { p: { xs: 0.75, sm: 1 } } }}>
        <IconButton color="inherit" edge="start" onClick={onToggleDrawer} aria-label={t('shell.toggleMenu')} sx={{ mr: { xs: 0.5, sm: 1 } }} data-testid="drawer-toggle">
          <MenuIcon />
        </IconButton>
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', mr: 2, maxWidth: 180 }} data-testid="app-bar-logo">
          <AppLogo maxHeight={36} />
        </Box>
        <Greeting />
        <UpdateButton />
        <NotificationsPopover />
        <AnnouncementsPopover />
        {planAllows(user.company.plan, 'useInternalChat') && <ChatsPopover />}
        <VolumeControl />
        <ThemeToggleButton />
        <Tooltip title={t('shell.reload')}>
          <IconButton color="inherit" onClick={() => window.location.reload()} aria-label={t('shell.reload')} data-testid="reload-button">
            <Refresh />
          </IconButton>
        </Tooltip>
        <LanguageMenu />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
};
