import { AVATAR_MAX_BYTES } from '@atende/shared/constants';
import type { UserView } from '@atende/shared/users';
import { PhotoCameraOutlined } from '@mui/icons-material';
import { Badge, CircularProgress, IconButton, Tooltip } from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { toast } from '../../lib/toast.ts';
import { useUploadAvatar } from './use-upload-avatar.ts';

export const UserAvatarUpload = ({ user, name }: { user: UserView; name: string }) => {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState(user.profileImage);
  const save = useUploadAvatar(user.id);
  const busy = save.isPending;

  const upload = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/') || file.size > AVATAR_MAX_BYTES) {
      toast.error(t('users.avatar.invalid'));
      return;
    }
    save.mutate(file, { onSuccess: (saved) => setImage(saved.profileImage) });
  };

  return (
    <Badge
      overlap="circular"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      badgeContent={
        <Tooltip title={t('users.avatar.change')}>
          <IconButton
            size="small"
            onClick={() => inputRef.current?.click()}
            disabled={busy}
            aria-label={t('users.avatar.change')}
            sx={{ bgcolor: 'background.paper', boxShadow: 1, '&:hover': { bgcolor: 'background.paper' } }}
            data-testid="user-avatar-button"
          >
            {busy ? <CircularProgress size={16} /> : <PhotoCameraOutlined fontSize="small" />}
          </IconButton>
        </Tooltip>
      }
    >
      <UserAvatar name={name || user.name} image={image} size={72} />
      <input ref={inputRef} type="file" accept="image/*" hidden onChange={upload} data-testid="user-avatar-input" />
    </Badge>
  );
};
