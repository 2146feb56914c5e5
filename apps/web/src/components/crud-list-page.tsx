// One CRUD list screen: the header (title, search, add), a table whose columns are data, paging by
// infinite scroll, the remove action behind its confirmation, and the loading and empty states.
// A screen states its columns, its query and its dialogs; this holds the plumbing.
import { Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, type SxProps, type TableCellProps, type Theme } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../lib/error-message.ts';
import { loadMoreOnScroll } from '../lib/infinite-scroll.ts';
import { toast } from '../lib/toast.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ListStatus } from './list-status.tsx';
import { PageHeader, type PageHeaderAdd, type PageHeaderSearch } from './page-header.tsx';

// What a cell may do besides showing its row: ask to remove it (the confirmation opens).
export type RowControls = { remove: () => void };

export type CrudColumn<Row> = {
  key: string;
  header?: ReactNode;
  align?: TableCellProps['align'];
  padding?: TableCellProps['padding'];
  sx?: SxProps<Theme>;
  testId?: string;
  render: (row: Row, controls: RowControls) => ReactNode;
};

type RowAttributes = { [attribute: `data-${string}`]: string | number };

export type CrudRemove<Row> = {
  run: (row: Row) => Promise<unknown>;
  // after the server removed it: the cache update, awaited before the toast
  onRemoved?: (row: Row) => unknown;
  // default: the generic 'delete record' confirmation
  title?: string | ((row: Row) => string);
  message?: string;
  removedToast?: string;
  onError?: (error: unknown) => void;
  closeOnError?: boolean;
};

export type CrudPaging = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

type CrudListPageProps<Row extends { id: number }> = {
  title?: ReactNode;
  titleTestId?: string;
  leading?: ReactNode;
  search?: Omit<PageHeaderSearch, 'testId'>;
  headerActions?: ReactNode;
  add?: Omit<PageHeaderAdd, 'testId'>;
  columns: CrudColumn<Row>[];
  rows: Row[];
  loading: boolean;
  emptyText: string;
  // the test ids of the table, its rows, the search box and the add button: <prefix>-table, -row, -search, -add
  testIdPrefix: string;
  rowAttributes?: (row: Row) => RowAttributes;
  rowSx?: (row: Row) => SxProps<Theme>;
  paging?: CrudPaging;
  remove?: CrudRemove<Row>;
  testId?: string;
  scrollTestId?: string;
  // a tab inside a screen keeps its natural height; a screen fills the page and scrolls its table
  embedded?: boolean;
  // the screen's dialogs
  children?: ReactNode;
};

const useRemoval = <Row extends { id: number }>(remove: CrudRemove<Row> | undefined) => {
  // the row stays after closing so the title does not change during the close animation
  const [confirming, setConfirming] = useState<{ row: Row | null; open: boolean }>({ row: null, open: false });
  const close = () => setConfirming((current) => ({ ...current, open: false }));
  const mutation = useMutation({
    mutationFn: (row: Row) => (remove ? remove.run(row) : Promise.resolve()),
    onSuccess: async (_, row) => {
      await remove?.onRemoved?.(row);
      if (remove?.removedToast) toast.success(remove.removedToast);
      close();
    },
    onError: (error) => {
      if (remove?.closeOnError) close();
      (remove?.onError ?? toastError)(error);
    },
  });
  return { ...confirming, ask: (row: Row) => setConfirming({ row, open: true }), close, mutation };
};

const confirmTitle = <Row,>(remove: CrudRemove<Row>, row: Row | null) =>
  typeof remove.title === 'function' ? (row ? remove.title(row) : undefined) : remove.title;

export const CrudListPage = <Row extends { id: number }>(props: CrudListPageProps<Row>) => {
  const { columns, rows, loading, emptyText, testIdPrefix, paging, remove, embedded, children } = props;
  const { t } = useTranslation();
  const removal = useRemoval(remove);
  const target = removal.row;
  const onScroll = paging ? loadMoreOnScroll(paging) : undefined;

  return (
    <Stack spacing={2} sx={embedded ? undefined : { height: '100%', minHeight: 0 }} data-testid={props.testId}>
      <PageHeader
        title={props.title}
        titleTestId={props.titleTestId}
        leading={props.leading}
        search={props.search && { ...props.search, testId: `${testIdPrefix}-search` }}
        actions={props.headerActions}
        add={props.add && { ...props.add, testId: `${testIdPrefix}-add` }}
      />
      <Paper variant="outlined" onScroll={onScroll} sx={embedded ? undefined : { flex: 1, minHeight: 0, overflow: 'auto' }} data-testid={props.scrollTestId}>
        <Table stickyHeader size="small" data-testid={`${testIdPrefix}-table`}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} padding={column.padding}>
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const controls = { remove: () => removal.ask(row) };
              return (
                <TableRow key={row.id} hover sx={props.rowSx?.(row)} data-testid={`${testIdPrefix}-row`} {...props.rowAttributes?.(row)}>
                  {columns.map((column) => (
                    <TableCell key={column.key} align={column.align} padding={column.padding} sx={column.sx} data-testid={column.testId}>
                      {column.render(row, controls)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <ListStatus loading={loading || Boolean(paging?.isFetchingNextPage)} empty={rows.length === 0} emptyText={emptyText} />
      </Paper>
      {children}
      {remove && (
        <ConfirmDialog
          open={removal.open}
          title={confirmTitle(remove, target) ?? t('common.deleteRecord.title')}
          busy={removal.mutation.isPending}
          onConfirm={() => target && removal.mutation.mutate(target)}
          onClose={removal.close}
        >
          {remove.message ?? t('common.deleteRecord.message')}
        </ConfirmDialog>
      )}
    </Stack>
  );
};
