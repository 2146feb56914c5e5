// Images are decoded before they are kept, never trusted by their header: one that declares more
// pixels than IMAGE_MAX_PIXELS (a decompression bomb for the server and for every browser that
// shows it) or that does not decode is refused. sharp checks the declared size before it decodes.
import sharp from 'sharp';

export const IMAGE_MAX_PIXELS = 40_000_000;

// The image types the product shows (and browsers decode); others are kept as plain files.
const decodedImageTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
export const isDecodedImageType = (mime: string) => decodedImageTypes.has(mime);

export const openImage = (input: Buffer, options: { animated?: boolean } = {}) =>
  sharp(input, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS, animated: options.animated ?? false });

// Decodes every pixel of every frame (the limit counts them all) without keeping them.
export const decodesWithinLimit = (input: Buffer) =>
  openImage(input, { animated: true })
    .stats()
    .then(
      () => true,
      () => false,
    );
