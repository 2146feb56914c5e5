// The search box above a list (02-operations §9: the list debounces what is typed).
import { Search } from '@mui/icons-material';
import { InputAdornment, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

export const SearchField = ({ value, onChange, testId }: { value: string; onChange: (value: string) => void; testId: string }) => {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      placeholder={t('common.search')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: { 'data-testid': testId },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
