// The browser's colour picker beside a colour's text field; a value it cannot show starts at black.
import { Box } from '@mui/material';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const ColorSwatchInput = ({ value, label, onChange, testId }: { value: string; label: string; onChange: (color: string) => void; testId?: string }) => (
  <Box
    component="input"
    type="color"
    aria-label={label}
    value={HEX_COLOR.test(value) ? value : '#000000'}
    onChange={(event) => onChange(event.target.value)}
    sx={{ width: 56, height: 56, p: 0, border: 'none', bgcolor: 'transparent', cursor: 'pointer' }}
    data-testid={testId}
  />
);
