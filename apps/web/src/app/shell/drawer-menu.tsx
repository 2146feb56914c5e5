import { visibleMenuItems, type MenuGroup, type MenuItem } from '@atende/shared/navigation';
import { Campaign, ExpandLess, ExpandMore } from '@mui/icons-material';
import { Collapse, Divider, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { useUnreadChats } from '../../features/chats/use-chats.ts';
import { useConnectionsNeedAttention } from '../../features/connections/use-connections-attention.ts';
import { useHelpsList } from '../../features/helps/helps-api.ts';
import { MenuLink } from './menu-link.tsx';

const byGroup = (items: MenuItem[], group: MenuGroup) => items.filter((item) => item.group === group);

// 01-core §2 App shell: which items show is decided by the shared rules.
export const DrawerMenu = ({ onNavigate }: { onNavigate?: () => void }) => {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { pathname } = useLocation();
  // helps only while the help list is not empty (01-core §2 App shell)
  const hasHelps = (useHelpsList().data?.length ?? 0) > 0;
  const items = visibleMenuItems(user, user.company.plan).filter((item) => item.key !== 'helps' || hasHelps);
  const management = byGroup(items, 'management');
  const main = byGroup(items, 'main');
  const campaigns = byGroup(items, 'campaigns');
  const administration = byGroup(items, 'administration');
  const connectionsAttention = useConnectionsNeedAttention(items.some((item) => item.key === 'connections'));
  // the chats item's unread dot (01-core §2)
  const unreadChats = useUnreadChats(items.some((item) => item.key === 'chats')) > 0;
  const [campaignsOpen, setCampaignsOpen] = useState(() => campaigns.some((item) => pathname.startsWith(item.path)));

  return (
    <List component="nav" dense sx={{ py: 1 }}>
      {management.length > 0 && (
        <>
          <ListSubheader component="div" disableSticky data-testid="menu-group-management">
            {t('menu.groups.management')}
          </ListSubheader>
          {management.map((item) => (
            <MenuLink key={item.key} item={item} onNavigate={onNavigate} />
          ))}
          <Divider sx={{ my: 1 }} />
        </>
      )}
      {main.map((item) => (
        <MenuLink key={item.key} item={item} attention={item.key === 'chats' && unreadChats} onNavigate={onNavigate} />
      ))}
      {campaigns.length > 0 && (
        <>
          <ListItemButton onClick={() => setCampaignsOpen((open) => !open)} sx={{ mx: 1, borderRadius: 1 }} data-testid="menu-group-campaigns">
            <ListItemIcon sx={{ minWidth: 40 }}>
              <Campaign fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('menu.groups.campaigns')} slotProps={{ primary: { variant: 'body2' } }} />
            {campaignsOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
          </ListItemButton>
          <Collapse in={campaignsOpen} unmountOnExit>
            {campaigns.map((item) => (
              <MenuLink key={item.key} item={item} nested onNavigate={onNavigate} />
            ))}
          </Collapse>
        </>
      )}
      {administration.length > 0 && (
        <>
          <Divider sx={{ my: 1 }} />
          <ListSubheader component="div" disableSticky data-testid="menu-group-administration">
            {t('menu.groups.administration')}
          </ListSubheader>
          {administration.map((item) => (
            <MenuLink key={item.key} item={item} attention={item.key === 'connections' && connectionsAttention} onNavigate={onNavigate} />
          ))}
        </>
      )}
    </List>
  );
};
