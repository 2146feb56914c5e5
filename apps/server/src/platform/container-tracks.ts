// MP4 and WebM carry a voice note as often as a video (a browser's MediaRecorder writes audio in
// either), and their signatures name only the container. The kinds of their tracks tell which.
import { readRange, sizeOf, type MediaInput } from './media-input.ts';

export type TrackKind = 'audio' | 'video' | 'other';

const MP4_PARENT_BOXES = new Set(['moov', 'trak', 'mdia']);
const MP4_HANDLERS: Record<string, TrackKind> = { soun: 'audio', vide: 'video' };

// moov > trak > mdia > hdlr names each track's handler; other boxes (mdat, moof…) are skipped whole.
const mp4TrackKinds = (data: Buffer, start: number, end: number, found: TrackKind[]) => {
  let offset = start;
  while (offset + 8 <= end) {
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) return;
      size = Number(data.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end) return;
    if (MP4_PARENT_BOXES.has(type)) mp4TrackKinds(data, offset + header, offset + size, found);
    // hdlr: version and flags (4), pre_defined (4), then the handler type
    else if (type === 'hdlr' && size >= header + 12) found.push(MP4_HANDLERS[data.toString('latin1', offset + header + 8, offset + header + 12)] ?? 'other');
    offset += size;
  }
};

const EBML_SEGMENT = 0x18538067;
const EBML_TRACKS = 0x1654ae6b;
const EBML_TRACK_ENTRY = 0xae;
const EBML_TRACK_TYPE = 0x83;
const EBML_PARENTS = new Set([EBML_SEGMENT, EBML_TRACKS, EBML_TRACK_ENTRY]);
const WEBM_TRACK_TYPES: Record<number, TrackKind> = { 1: 'video', 2: 'audio' };

type Vint = { value: number; length: number; unknownSize: boolean };

// EBML variable-length integer: the count of leading zero bits gives its length. Element ids keep
// the length marker; sizes drop it, and a size of all ones means "unknown" (live recordings).
const readVint = (data: Buffer, offset: number, keepMarker: boolean): Vint | null => {
  const first = data[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (offset + length > data.length) return null;
  const mask = 0xff >> length;
  let value = keepMarker ? first : first & mask;
  let allOnes = (first & mask) === mask;
  for (let index = 1; index < length; index++) {
    value = value * 256 + data[offset + index];
    if (data[offset + index] !== 0xff) allOnes = false;
  }
  return { value, length, unknownSize: !keepMarker && allOnes };
};

const readUnsigned = (data: Buffer, start: number, length: number) => {
  let value = 0;
  for (let index = 0; index < length; index++) value = value * 256 + data[start + index];
  return value;
};

// Segment > Tracks > TrackEntry > TrackType (1 video, 2 audio).
const webmTrackKinds = (data: Buffer, start: number, end: number, found: TrackKind[]) => {
  let offset = start;
  while (offset < end) {
    const id = readVint(data, offset, true);
    if (!id) return;
    const size = readVint(data, offset + id.length, false);
    if (!size) return;
    const bodyStart = offset + id.length + size.length;
    const bodyEnd = size.unknownSize ? end : bodyStart + size.value;
    // a parent read from the head of the file (the Segment) ends past what was read: its first
    // children, where the Tracks are, are still there
    if (EBML_PARENTS.has(id.value)) webmTrackKinds(data, bodyStart, Math.min(bodyEnd, end), found);
    else if (bodyEnd > end) return;
    else if (id.value === EBML_TRACK_TYPE) found.push(WEBM_TRACK_TYPES[readUnsigned(data, bodyStart, size.value)] ?? 'other');
    offset = bodyEnd;
  }
};

// WebM writes its Tracks right after the segment's info, within the first kilobytes.
const WEBM_HEAD_BYTES = 1024 * 1024;
// a moov larger than this is not a recording's (seconds of audio take a few kB)
const MP4_MOOV_MAX_BYTES = 16 * 1024 * 1024;
// a file's boxes before its moov: a few in any real file (fragments come after the moov); the
// bound keeps a file of millions of tiny boxes from costing a read each
const MP4_BOXES_BEFORE_MOOV_MAX = 64;

// The top-level moov box, found by reading the boxes' headers only: mdat, however large, is
// skipped, so a file is never read whole.
const mp4Moov = async (input: MediaInput) => {
  const size = await sizeOf(input);
  let offset = 0;
  for (let boxes = 0; offset + 8 <= size && boxes < MP4_BOXES_BEFORE_MOOV_MAX; boxes++) {
    const head = await readRange(input, offset, 16);
    let boxSize = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let header = 8;
    if (boxSize === 1) {
      if (head.length < 16) return null;
      boxSize = Number(head.readBigUInt64BE(8));
      header = 16;
    } else if (boxSize === 0) {
      boxSize = size - offset;
    }
    if (boxSize < header) return null;
    if (type === 'moov') return boxSize <= MP4_MOOV_MAX_BYTES ? readRange(input, offset, boxSize) : null;
    offset += boxSize;
  }
  return null;
};

export const containerTrackKinds = async (input: MediaInput, container: 'mp4' | 'webm'): Promise<TrackKind[]> => {
  const found: TrackKind[] = [];
  if (container === 'mp4') {
    const moov = await mp4Moov(input);
    if (moov) mp4TrackKinds(moov, 0, moov.length, found);
  } else {
    const head = await readRange(input, 0, WEBM_HEAD_BYTES);
    webmTrackKinds(head, 0, head.length, found);
  }
  return found;
};

export const isAudioOnly = async (input: MediaInput, container: 'mp4' | 'webm') => {
  const kinds = await containerTrackKinds(input, container);
  return kinds.includes('audio') && !kinds.includes('video');
};
