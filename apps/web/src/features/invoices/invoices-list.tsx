import { invoiceStatuses, type InvoiceView } from '@atende/shared/invoices';
import { Button, Paper, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStatus } from '../../components/list-status.tsx';
import { formatCurrency, formatDay } from '../../lib/format.ts';
import { isNearBottom } from '../../lib/infinite-scroll.ts';
import { useCheckoutAvailability, useInvoicesPages } from './use-invoices.ts';

// 03-saas §2 Invoices screen: detail, users, connections, due date, value, status; a paid
// invoice shows a disabled PAGO, any other PAGAR. A payment below its charge shows in the status
// with what came in; PAGAR then charges the rest.
// Without a working checkout (CheckoutNotice says why) PAGAR stays disabled: no dead end.
export const InvoicesList = ({ onPay }: { onPay: (invoice: InvoiceView) => void }) => {
  const { t } = useTranslation();
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useInvoicesPages('');
  const invoices = data?.pages.flatMap((page) => page.invoices) ?? [];
  const payable = useCheckoutAvailability().data?.pixAvailable ?? false;

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (isNearBottom(event.currentTarget) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  return (
    <Paper variant="outlined" onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="invoices-scroll">
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            <TableCell>{t('invoices.detail')}</TableCell>
            <TableCell align="center">{t('invoices.users')}</TableCell>
            <TableCell align="center">{t('invoices.connections')}</TableCell>
            <TableCell align="center">{t('invoices.dueDate')}</TableCell>
            <TableCell align="center">{t('invoices.value')}</TableCell>
            <TableCell align="center">{t('invoices.status')}</TableCell>
            <TableCell align="center">{t('invoices.action')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => {
            const paid = invoice.status === invoiceStatuses.paid;
            const status = paid
              ? t('invoices.statusPaid')
              : invoice.status === invoiceStatuses.partial
                ? t('invoices.statusPartial', { amount: formatCurrency(invoice.valuePaid) })
                : t('invoices.statusOpen');
            return (
              <TableRow key={invoice.id} data-testid={`invoice-row-${invoice.id}`}>
                <TableCell>{invoice.detail}</TableCell>
                <TableCell align="center">{invoice.users}</TableCell>
                <TableCell align="center">{invoice.connections}</TableCell>
                <TableCell align="center">{formatDay(invoice.dueDate)}</TableCell>
                <TableCell align="center">{formatCurrency(invoice.value)}</TableCell>
                <TableCell align="center" data-testid={`invoice-status-${invoice.id}`}>
                  {status}
                </TableCell>
                <TableCell align="center">
                  <Button
                    size="small"
                    variant="contained"
                    color={paid ? 'success' : 'primary'}
                    disabled={paid || !payable}
                    onClick={() => onPay(invoice)}
                    data-testid={`invoice-pay-${invoice.id}`}
                  >
                    {paid ? t('invoices.paid') : t('invoices.pay')}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <ListStatus loading={isPending || isFetchingNextPage} empty={invoices.length === 0} emptyText={t('invoices.empty')} />
    </Paper>
  );
};
