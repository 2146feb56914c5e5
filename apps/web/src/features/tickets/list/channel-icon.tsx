import { Chat, Facebook, Instagram, Telegram, WhatsApp } from '@mui/icons-material';
import type { SvgIconProps } from '@mui/material';

export const ChannelIcon = ({ channel, ...props }: { channel: string } & SvgIconProps) => {
  if (channel === 'facebook') return <Facebook sx={{ color: '#1877f2' }} {...props} />;
  if (channel === 'instagram') return <Instagram sx={{ color: '#e1306c' }} {...props} />;
  if (channel === 'telegram') return <Telegram sx={{ color: '#229ed9' }} {...props} />;
  if (channel === 'whatsapp' || channel === 'whatsappapi') return <WhatsApp sx={{ color: '#25d366' }} {...props} />;
  return <Chat color="action" {...props} />;
};
