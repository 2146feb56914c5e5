// The foot of a list: a spinner while a page loads, the empty text when there is nothing.
import { Box, CircularProgress, Typography } from '@mui/material';

export const ListStatus = ({ loading, empty, emptyText }: { loading: boolean; empty: boolean; emptyText: string }) => (
  <>
    {loading && (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
        <CircularProgress size={24} />
      </Box>
    )}
    {!loading && empty && (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
        {emptyText}
      </Typography>
    )}
  </>
);
