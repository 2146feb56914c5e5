import type { DashboardAttendant } from '@atende/shared/dashboard';
import { ratingFace } from '@atende/shared/ratings';
import { Circle } from '@mui/icons-material';
import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from './dashboard-format.ts';

// 01-core §3 Attendant row: name, rating, countRating, tickets, average times, online.
export const AttendantsTable = ({ rows }: { rows: DashboardAttendant[] }) => {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ overflow: 'auto' }}>
      <Table size="small" data-testid="dashboard-attendants">
        <TableHead>
          <TableRow>
            <TableCell>{t('dashboard.attendants.online')}</TableCell>
            <TableCell>{t('dashboard.attendants.name')}</TableCell>
            <TableCell align="center">{t('dashboard.attendants.rating')}</TableCell>
            <TableCell align="center">{t('dashboard.attendants.tickets')}</TableCell>
            <TableCell align="center">{t('dashboard.attendants.avgWaitTime')}</TableCell>
            <TableCell align="center">{t('dashboard.attendants.avgSupportTime')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid="dashboard-attendant" data-user-id={row.id} data-online={row.online}>
              <TableCell>
                <Tooltip title={t(row.online ? 'dashboard.attendants.isOnline' : 'dashboard.attendants.isOffline')}>
                  <Circle fontSize="small" sx={{ color: row.online ? 'success.main' : 'error.main' }} />
                </Tooltip>
              </TableCell>
              <TableCell>{row.name}</TableCell>
              <TableCell align="center">
                {row.countRating > 0 ? `${ratingFace(row.rating)} ${row.rating} (${row.countRating})` : '-'}
              </TableCell>
              <TableCell align="center">{row.tickets}</TableCell>
              <TableCell align="center">{formatMinutes(row.avgWaitTime)}</TableCell>
              <TableCell align="center">{formatMinutes(row.avgSupportTime)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
};
