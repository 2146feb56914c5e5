import { RECORDING_MIN_BYTES } from '@atende/shared/constants';
import { describe, expect, it } from 'vitest';
import { encodeMp3 } from './mp3-encoder.ts';
import { isTooShort, recordingName, wantsMp3 } from './recording-file.ts';

// MPEG audio frame header: sync, version/layer, then the bitrate index in the high nibble
const frameHeader = (bytes: Uint8Array) => ({
  sync: bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0,
  mpeg1Layer3: (bytes[1] & 0x1e) === 0x1a,
  bitrateIndex: bytes[2] >> 4,
  sampleRateIndex: (bytes[2] >> 2) & 0x03,
});

describe('audio recording (01-core §4 Messages, §9 recording minimum 10000 bytes)', () => {
  it('encodes PCM as MPEG-1 layer III at 128 kbps', () => {
    const sampleRate = 44_100;
    const tone = Float32Array.from({ length: sampleRate * 2 }, (_, index) => 0.5 * Math.sin((2 * Math.PI * 440 * index) / sampleRate));
    const mp3 = encodeMp3(tone, sampleRate);
    // 2 s at 128 kbps is about 32000 bytes
    expect(mp3.length).toBeGreaterThan(28_000);
    expect(mp3.length).toBeLessThan(36_000);
    // bitrate index 9 is 128 kbps for MPEG-1 layer III; sample rate index 0 is 44.1 kHz
    expect(frameHeader(mp3)).toEqual({ sync: true, mpeg1Layer3: true, bitrateIndex: 9, sampleRateIndex: 0 });
  });

  it('mp3 for WhatsApp and Telegram connections, m4a for the others', () => {
    expect(wantsMp3('whatsapp')).toBe(true);
    expect(wantsMp3('whatsappapi')).toBe(true);
    expect(wantsMp3('telegram')).toBe(true);
    for (const channel of ['facebook', 'instagram', 'sandbox']) expect(wantsMp3(channel)).toBe(false);
    const at = new Date('2026-11-22T10:00:00Z');
    expect(recordingName('mp3', at)).toBe(`audio-record-${at.getTime()}.mp3`);
    expect(recordingName('m4a', at)).toMatch(/\.m4a$/);
  });

  it('discards recordings under 10000 bytes', () => {
    expect(RECORDING_MIN_BYTES).toBe(10_000);
    expect(isTooShort(9_999)).toBe(true);
    expect(isTooShort(10_000)).toBe(false);
  });
});
