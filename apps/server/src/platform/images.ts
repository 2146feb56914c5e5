// Images are decoded before they are kept, never trusted by their header: one that declares more
// pixels than IMAGE_MAX_PIXELS (a decompression bomb for the server and for every browser that
// shows it) or that does not decode is refused. sharp checks the declared size before it decodes.
import sharp from 'sharp';
import { AppError } from './errors.ts';
import { detectFileType, imageSourceOf, type MediaInput } from './media-input.ts';

export const IMAGE_MAX_PIXELS = 40_000_000;

// The image types the product shows (and browsers decode); others are kept as plain files.
const decodedImageTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
export const isDecodedImageType = (mime: string) => decodedImageTypes.has(mime);

export const openImage = (input: MediaInput, options: { animated?: boolean } = {}) =>
  sharp(imageSourceOf(input), { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS, animated: options.animated ?? false });

// Decodes every pixel of every frame (the limit counts them all) without keeping them.
export const decodesWithinLimit = (input: MediaInput) =>
  openImage(input, { animated: true })
    .stats()
    .then(
      () => true,
      () => false,
    );

// An image kept as it was sent (a logo keeps its transparency and size): its type is read from
// its content, never its name, and every frame must decode within the pixel limit. Answers the
// extension it is stored under.
export const keptImageExtension = async (input: MediaInput) => {
  const detected = await detectFileType(input);
  if (!detected || !isDecodedImageType(detected.mime)) throw new AppError('ERR_INVALID_FILE', 400);
  if (!(await decodesWithinLimit(input))) throw new AppError('ERR_INVALID_IMAGE', 400);
  return detected.ext;
};
