// The search box at the head of a list screen.
import { Search } from '@mui/icons-material';
import { InputAdornment, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

type SearchFieldProps = { value: string; onChange: (value: string) => void; testId?: string; fullWidth?: boolean };

export const SearchField = ({ value, onChange, testId, fullWidth }: SearchFieldProps) => {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      fullWidth={fullWidth}
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
