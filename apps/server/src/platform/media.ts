// Attachments are typed by their content, not their name or declared type; anything outside the
// allow-list (HTML, SVG, scripts, executables) is refused, and images must decode within the
// pixel limit (ARCHITECTURE §4 Input is hostile).
import type { MediaType } from '@atende/shared/messages';
import { AppError } from './errors.ts';
import { decodesWithinLimit } from './images.ts';
import { isAudioOnly } from './container-tracks.ts';
import { detectFileType, textPieces, type MediaInput } from './media-input.ts';

const allowedMime: Record<string, MediaType> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'audio/ogg': 'audio',
  // a voice note (Telegram's and WhatsApp's): file-type names Ogg Opus with its codec
  'audio/ogg; codecs=opus': 'audio',
  'audio/mpeg': 'audio',
  'audio/mp4': 'audio',
  'audio/x-m4a': 'audio',
  'audio/aac': 'audio',
  'audio/wav': 'audio',
  'audio/webm': 'audio',
  'video/mp4': 'video',
  'video/webm': 'video',
  'video/3gpp': 'video',
  'video/quicktime': 'video',
  'application/pdf': 'application',
  'application/zip': 'application',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'application',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'application',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'application',
  'application/x-cfb': 'application',
};

// Plain text has no signature; accept it only as .txt or .csv without markup.
const plainTextExtensions = new Set(['txt', 'csv']);

export type CheckedMedia = { mediaType: MediaType; extension: string };

// A recorded voice note in an MP4 or WebM container is audio, stored under an audio extension.
const audioOnlyExtension: Record<string, { container: 'mp4' | 'webm'; extension: string }> = {
  mp4: { container: 'mp4', extension: 'm4a' },
  webm: { container: 'webm', extension: 'weba' },
};

// Text that is UTF-8 throughout and holds no markup, read piece by piece.
const isPlainText = async (input: MediaInput) => {
  for await (const piece of textPieces(input, 2)) if (piece.includes('\uFFFD') || /<[a-z!?/]/i.test(piece)) return false;
  return true;
};

// Reads an upload on disk in ranges and streams (media-input.ts), never whole.
export const checkMedia = async (input: MediaInput, fileName: string): Promise<CheckedMedia> => {
  const detected = await detectFileType(input);
  if (detected) {
    const mediaType = allowedMime[detected.mime];
    if (!mediaType) throw new AppError('ERR_INVALID_FILE', 400);
    if (mediaType === 'image' && !(await decodesWithinLimit(input))) throw new AppError('ERR_INVALID_IMAGE', 400);
    const audio = audioOnlyExtension[detected.ext];
    if (audio && (await isAudioOnly(input, audio.container))) return { mediaType: 'audio', extension: audio.extension };
    return { mediaType, extension: detected.ext };
  }
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  if (plainTextExtensions.has(extension) && (await isPlainText(input))) {
    return { mediaType: 'application', extension };
  }
  throw new AppError('ERR_INVALID_FILE', 400);
};
