import { UploadFile } from '@mui/icons-material';
import { Button } from '@mui/material';

type Props = { label: string; accept: string; disabled?: boolean; testId: string; inputTestId: string; onFile: (file: File) => void };

// A button that opens the file picker and hands over the chosen file; the same file can be chosen
// again right after (the input is cleared).
export const FilePickButton = ({ label, accept, disabled, testId, inputTestId, onFile }: Props) => (
  <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={disabled} data-testid={testId}>
    {label}
    <input
      hidden
      type="file"
      accept={accept}
      data-testid={inputTestId}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  </Button>
);
