// 01-core §5 Avatar upload: images only (decoded, not trusted by name), at most 240 px on the
// long side, stored as JPEG. Anything sharp cannot decode as an image is refused.
import { AVATAR_MAX_DIMENSION } from '@atende/shared/constants';
import { AppError } from '../../platform/errors.ts';
import { openImage } from '../../platform/images.ts';
import type { Upload } from '../../platform/uploads.ts';

const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif']);

export const toAvatarJpeg = async (input: Upload) => {
  // sharp throws at once on an empty file
  if (input.size === 0) throw new AppError('ERR_INVALID_FILE', 400);
  const image = openImage(input);
  const metadata = await image.metadata().catch(() => undefined);
  if (!metadata?.format || !acceptedFormats.has(metadata.format)) throw new AppError('ERR_INVALID_FILE', 400);
  return image
    .rotate()
    .resize(AVATAR_MAX_DIMENSION, AVATAR_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer()
    .catch(() => {
      throw new AppError('ERR_INVALID_FILE', 400);
    });
};
