import type { MenuItem } from '@atende/shared/navigation';
import { Circle } from '@mui/icons-material';
import { Badge, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { menuIcons } from './menu-icons.tsx';

type MenuLinkProps = { item: MenuItem; nested?: boolean; attention?: boolean; onNavigate?: () => void };

const isActive = (pathname: string, path: string) =>
  path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);

export const MenuLink = ({ item, nested, attention = false, onNavigate }: MenuLinkProps) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const Icon = menuIcons[item.key] ?? Circle;
  const active = isActive(pathname, item.path);
  const ref = useRef<HTMLAnchorElement>(null);
  // the active item stays in sight in a side menu taller than the window
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <ListItemButton
      ref={ref}
      component={Link}
      to={item.path}
      selected={active}
      onClick={onNavigate}
      sx={{ pl: nested ? 4 : 2, borderRadius: 1, mx: 1 }}
      data-testid={`menu-${item.key}`}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Badge color="error" variant="dot" invisible={!attention} data-testid={attention ? `menu-${item.key}-attention` : undefined}>
          <Icon fontSize="small" />
        </Badge>
      </ListItemIcon>
      <ListItemText primary={t(`menu.items.${item.key}`)} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />
    </ListItemButton>
  );
};
