import { Avatar, type SxProps, type Theme } from '@mui/material';

type UserAvatarProps = { name: string; image: string | null | undefined; size?: number; sx?: SxProps<Theme> };

// MUI's Avatar falls back to its children when the image fails to load.
export const UserAvatar = ({ name, image, size = 36, sx }: UserAvatarProps) => (
  <Avatar src={image || undefined} alt={name} sx={[{ width: size, height: size, fontSize: size / 2.4 }, ...(Array.isArray(sx) ? sx : [sx])]}>
    {name.trim().charAt(0).toUpperCase() || '?'}
  </Avatar>
);
