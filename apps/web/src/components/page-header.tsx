// The head of a screen: its title, an optional search box, the screen's own buttons and the add button.
import { Add } from '@mui/icons-material';
import { Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SearchField } from './search-field.tsx';

export type PageHeaderSearch = { value: string; onChange: (value: string) => void; testId?: string };
export type PageHeaderAdd = { label: string; testId: string; onClick: () => void };

type PageHeaderProps = {
  // no title: a tab inside a screen, whose buttons stand on the right
  title?: ReactNode;
  titleTestId?: string;
  // before the title (a back button)
  leading?: ReactNode;
  search?: PageHeaderSearch;
  // buttons between the search and the add button
  actions?: ReactNode;
  add?: PageHeaderAdd;
};

export const PageHeader = ({ title, titleTestId, leading, search, actions, add }: PageHeaderProps) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'flex-end' }}>
    {leading}
    {title !== undefined && (
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }} data-testid={titleTestId}>
        {title}
      </Typography>
    )}
    {search && <SearchField value={search.value} onChange={search.onChange} testId={search.testId} />}
    {actions}
    {add && (
      <Button variant="contained" startIcon={<Add />} onClick={add.onClick} data-testid={add.testId}>
        {add.label}
      </Button>
    )}
  </Stack>
);
