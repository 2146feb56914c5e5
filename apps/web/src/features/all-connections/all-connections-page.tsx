import type { CompanyConnectionsRow } from '@atende/shared/companies';
import { Visibility } from '@mui/icons-material';
import {
  Dialog, DialogContent, DialogTitle, IconButton, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelIcon } from '../../components/channel-icon.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { companiesApi, companiesQueryKeys } from '../companies/companies-api.ts';

// 02-operations §2 /allConnections (super): per company connected, disconnected and total, a totals
// row, and an action that shows that company's connections (read-only; docs/decisions.md).
export const AllConnectionsPage = () => {
  const { t } = useTranslation();
  const { data, isPending } = useQuery({ queryKey: companiesQueryKeys.allConnections, queryFn: companiesApi.allConnections });
  const [open, setOpen] = useState<CompanyConnectionsRow | null>(null);
  const rows = data?.companies ?? [];
  return (
    <Stack spacing={2} data-testid="all-connections-page">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('companies.allConnections.title')}
      </Typography>
      <Paper variant="outlined">
        <Table size="small" data-testid="all-connections-table">
          <TableHead>
            <TableRow>
              {['name', 'connected', 'disconnected', 'total', 'actions'].map((column) => (
                <TableCell key={column}>{t(`companies.allConnections.columns.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover data-testid="all-connections-row" data-company-id={row.id}>
                <TableCell>{row.name}</TableCell>
                <TableCell data-testid="all-connections-connected">{row.connected}</TableCell>
                <TableCell>{row.disconnected}</TableCell>
                <TableCell>{row.total}</TableCell>
                <TableCell>
                  <Tooltip title={t('companies.allConnections.open')}>
                    <IconButton size="small" onClick={() => setOpen(row)} data-testid="all-connections-open">
                      <Visibility fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {data && (
              <TableRow data-testid="all-connections-totals">
                <TableCell sx={{ fontWeight: 600 }}>{t('companies.allConnections.totals')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{data.totals.connected}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{data.totals.disconnected}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{data.totals.total}</TableCell>
                <TableCell />
              </TableRow>
            )}
          </TableBody>
        </Table>
        <ListStatus loading={isPending} empty={rows.length === 0} emptyText={t('companies.allConnections.empty')} />
      </Paper>
      <Dialog open={open !== null} onClose={() => setOpen(null)} maxWidth="sm" fullWidth data-testid="all-connections-dialog">
        <DialogTitle>{open?.name}</DialogTitle>
        <DialogContent dividers>
          <Table size="small">
            <TableHead>
              <TableRow>
                {['name', 'channel', 'status', 'updatedAt'].map((column) => (
                  <TableCell key={column}>{t(`companies.allConnections.connectionColumns.${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(open?.whatsapps ?? []).map((connection) => (
                <TableRow key={connection.id}>
                  <TableCell>{connection.name}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <ChannelIcon channel={connection.channel} fontSize="small" />
                      <span>{t(`connections.channels.${connection.channel}`, { defaultValue: connection.channel })}</span>
                    </Stack>
                  </TableCell>
                  <TableCell>{connection.status}</TableCell>
                  <TableCell>{new Date(connection.updatedAt).toLocaleString('pt-BR')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ListStatus loading={false} empty={(open?.whatsapps.length ?? 0) === 0} emptyText={t('companies.allConnections.noConnections')} />
        </DialogContent>
      </Dialog>
    </Stack>
  );
};
