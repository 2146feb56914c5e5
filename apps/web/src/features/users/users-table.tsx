import type { UserView } from '@atende/shared/users';
import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';

type UsersTableProps = {
  users: UserView[];
  onEdit: (user: UserView) => void;
  onDelete: (user: UserView) => void;
};

export const UsersTable = ({ users, onEdit, onDelete }: UsersTableProps) => {
  const { t } = useTranslation();
  return (
    <Table stickyHeader size="small" data-testid="users-table">
      <TableHead>
        <TableRow>
          <TableCell>{t('users.columns.name')}</TableCell>
          <TableCell>{t('users.columns.email')}</TableCell>
          <TableCell align="center">{t('users.columns.profile')}</TableCell>
          <TableCell align="center">{t('users.columns.workHours')}</TableCell>
          <TableCell align="center">{t('users.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id} hover data-testid="users-row" data-user-id={user.id}>
            <TableCell>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <UserAvatar name={user.name} image={user.profileImage} size={32} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" noWrap>
                    {user.name}
                  </Typography>
                  <Typography variant="caption" color={user.online ? 'success.main' : 'text.secondary'}>
                    {user.online ? t('users.online') : t('users.offline')}
                  </Typography>
                </Box>
              </Stack>
            </TableCell>
            <TableCell>{user.email}</TableCell>
            <TableCell align="center">{t(`users.profiles.${user.profile}`)}</TableCell>
            <TableCell align="center">
              {user.startWork} – {user.endWork}
            </TableCell>
            <TableCell align="center">
              <EditDeleteActions onEdit={() => onEdit(user)} onDelete={() => onDelete(user)} testIdPrefix="users" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
