import type { ConnectionChannel } from '@atende/shared/connections';
import { Facebook, Instagram, ScienceOutlined, WhatsApp } from '@mui/icons-material';

export const ChannelIcon = ({ channel }: { channel: ConnectionChannel | string }) => {
  switch (channel) {
    case 'facebook':
      return <Facebook sx={{ color: '#3b5998' }} />;
    case 'instagram':
      return <Instagram sx={{ color: '#e1306c' }} />;
    case 'sandbox':
      return <ScienceOutlined color="action" />;
    default:
      return <WhatsApp sx={{ color: '#25d366' }} />;
  }
};
