import { AccountCircle, Logout, PersonOutlined, SecurityOutlined } from '@mui/icons-material';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession, useSessionUser } from '../../lib/session/session-context.ts';
import { UserModal } from '../../features/users/user-modal.tsx';

export const UserMenu = () => {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);

  const logout = async () => {
    setAnchor(null);
    await signOut();
    navigate('/login', { replace: true });
  };

  return (
    <>
      <Tooltip title={t('shell.account')}>
        <IconButton color="inherit" onClick={(event) => setAnchor(event.currentTarget)} aria-label={t('shell.account')} data-testid="user-menu-button">
          <AccountCircle />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setProfileOpen(true);
          }}
          data-testid="user-menu-profile"
        >
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.profile')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate('/security');
          }}
          data-testid="user-menu-security"
        >
          <ListItemIcon>
            <SecurityOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.security')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => void logout()} data-testid="logout">
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.logout')}</ListItemText>
        </MenuItem>
      </Menu>
      <UserModal open={profileOpen} userId={user.id} onClose={() => setProfileOpen(false)} />
    </>
  );
};
