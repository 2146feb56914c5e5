import { DRAWER_WIDTH, FRONTEND_VERSION } from '@atende/shared/constants';
import { Box, Drawer, Toolbar, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DrawerMenu } from './drawer-menu.tsx';

// on the paper: the docked root of a persistent drawer has no size of its own
const drawerTestProps = (open: boolean) => ({ 'data-testid': 'drawer', 'data-open': String(open) });

type AppDrawerProps = { open: boolean; mobile: boolean; onClose: () => void };

// Persistent beside the content on wide screens, temporary over it below 600 px.
export const AppDrawer = ({ open, mobile, onClose }: AppDrawerProps) => {
  const { t } = useTranslation();
  return (
    <Box
      component="aside"
      sx={{
        width: mobile || !open ? 0 : DRAWER_WIDTH,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
      }}
    >
      <Drawer
        variant={mobile ? 'temporary' : 'persistent'}
        open={open}
        onClose={onClose}
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH, boxSizing: 'border-box' }, ...drawerTestProps(open) } }}
      >
        <Toolbar />
        <Box sx={{ flex: 1, overflowY: 'auto' }}>
          <DrawerMenu onNavigate={mobile ? onClose : undefined} />
        </Box>
        <Typography
          component="footer"
          variant="caption"
          color="text.secondary"
          sx={{ p: 1.5, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}
          data-testid="app-version"
        >
          {t('shell.version', { version: FRONTEND_VERSION })}
        </Typography>
      </Drawer>
    </Box>
  );
};
