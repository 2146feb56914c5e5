import { Box } from '@mui/material';
import { Fragment } from 'react';
import { parseWhatsAppFormatting, type FormattedPiece, type TextStyle } from './whatsapp-format.ts';

const elementOf: Record<TextStyle, 'strong' | 'em' | 's' | 'code'> = { bold: 'strong', italic: 'em', strike: 's', mono: 'code' };

const render = (pieces: FormattedPiece[]) =>
  pieces.map((piece, index) =>
    typeof piece === 'string' ? (
      <Fragment key={index}>{piece}</Fragment>
    ) : (
      <Box key={index} component={elementOf[piece.style]} sx={piece.style === 'mono' ? { fontFamily: 'monospace', fontSize: '0.95em' } : undefined}>
        {render(piece.children)}
      </Box>
    ),
  );

// A message's text with WhatsApp's formatting, built as elements from text (issue 35 point 10).
export const WhatsAppText = ({ text }: { text: string }) => <>{render(parseWhatsAppFormatting(text))}</>;
