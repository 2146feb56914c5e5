import { Box, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { formatDay } from '../../lib/format.ts';

export const Greeting = () => {
  const { t } = useTranslation();
  const user = useSessionUser();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  return (
    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
      <Typography variant="subtitle1" noWrap data-testid="greeting">
        {t('shell.greeting', { name: user.name, company: user.company.name })}
      </Typography>
      {wide && user.profile === 'admin' && (
        <Typography variant="caption" noWrap sx={{ opacity: 0.85 }} data-testid="due-date">
          {t('shell.dueDate', { date: formatDay(user.company.dueDate) })}
        </Typography>
      )}
    </Box>
  );
};
