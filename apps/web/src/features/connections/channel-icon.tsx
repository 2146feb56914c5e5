import type { ConnectionChannel } from '@atende/shared/connections';
import { ChatBubbleOutlined, EmailOutlined, Facebook, Instagram, ScienceOutlined, Telegram, WhatsApp } from '@mui/icons-material';

export const ChannelIcon = ({ channel }: { channel: ConnectionChannel | string }) => {
  switch (channel) {
    case 'facebook':
      return <Facebook sx={{ color: '#3b5998' }} />;
    case 'instagram':
      return <Instagram sx={{ color: '#e1306c' }} />;
    case 'sandbox':
      return <ScienceOutlined color="action" />;
    case 'telegram':
      return <Telegram sx={{ color: '#229ed9' }} />;
    case 'email':
      return <EmailOutlined sx={{ color: '#5f6368' }} />;
    case 'webchat':
      return <ChatBubbleOutlined color="primary" />;
    default:
      return <WhatsApp sx={{ color: '#25d366' }} />;
  }
};
