import { ChatBubbleOutlined, EmailOutlined, Facebook, Instagram, ScienceOutlined, Telegram, WhatsApp } from '@mui/icons-material';
import type { SvgIconProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

// Each channel's icon, named by its label for screen readers: the connections table, the ticket
// list and the chat header show the same one (issue 41 point 4).
export const ChannelIcon = ({ channel, ...props }: { channel: string } & SvgIconProps) => {
  const { t } = useTranslation();
  const named = { titleAccess: t(`connections.channels.${channel}`, { defaultValue: channel }), ...props };
  switch (channel) {
    case 'facebook':
      return <Facebook sx={{ color: '#1877f2' }} {...named} />;
    case 'instagram':
      return <Instagram sx={{ color: '#e1306c' }} {...named} />;
    case 'sandbox':
      return <ScienceOutlined color="action" {...named} />;
    case 'telegram':
      return <Telegram sx={{ color: '#229ed9' }} {...named} />;
    case 'email':
      return <EmailOutlined sx={{ color: '#5f6368' }} {...named} />;
    case 'webchat':
      return <ChatBubbleOutlined color="primary" {...named} />;
    default:
      return <WhatsApp sx={{ color: '#25d366' }} {...named} />;
  }
};
