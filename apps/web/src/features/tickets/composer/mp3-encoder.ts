import { Mp3Encoder } from '@breezystack/lamejs';
import { RECORDING_MP3_KBPS } from '@atende/shared/constants';

// lamejs takes 16-bit samples in blocks of one MPEG frame
const SAMPLES_PER_FRAME = 1152;

const toInt16 = (samples: Float32Array) => {
  const out = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index++) {
    const value = Math.max(-1, Math.min(1, samples[index]));
    out[index] = value < 0 ? value * 0x8000 : value * 0x7fff;
  }
  return out;
};

// Mono PCM (Web Audio floats in -1..1) to MP3 at 128 kbps (01-core §4 Messages: mp3 for WhatsApp).
export const encodeMp3 = (samples: Float32Array, sampleRate: number): Uint8Array<ArrayBuffer> => {
  const encoder = new Mp3Encoder(1, sampleRate, RECORDING_MP3_KBPS);
  const pcm = toInt16(samples);
  const parts: Uint8Array[] = [];
  for (let start = 0; start < pcm.length; start += SAMPLES_PER_FRAME) {
    parts.push(encoder.encodeBuffer(pcm.subarray(start, start + SAMPLES_PER_FRAME)));
  }
  parts.push(encoder.flush());
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};
