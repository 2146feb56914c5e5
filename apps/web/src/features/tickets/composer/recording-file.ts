import { RECORDING_MIN_BYTES } from '@atende/shared/constants';
import { encodeMp3 } from './mp3-encoder.ts';

// 01-core §4 Messages: WhatsApp connections get mp3, and Telegram, whose voice notes take mp3 and
// not the browser's recording; every other channel the recorder's own output, named m4a.
export const wantsMp3 = (channel: string) => channel === 'whatsapp' || channel === 'whatsappapi' || channel === 'telegram';

// Recordings under the minimum are discarded (01-core §9).
export const isTooShort = (bytes: number) => bytes < RECORDING_MIN_BYTES;

export const recordingName = (extension: 'mp3' | 'm4a', at: Date) => `audio-record-${at.getTime()}.${extension}`;

// A voice note is mono; the first channel of what the browser decoded is enough.
const decodeFirstChannel = async (recording: Blob) => {
  const context = new AudioContext();
  try {
    const buffer = await context.decodeAudioData(await recording.arrayBuffer());
    return { samples: buffer.getChannelData(0), sampleRate: buffer.sampleRate };
  } finally {
    void context.close();
  }
};

export const recordingFile = async (recording: Blob, channel: string, at: Date): Promise<File> => {
  if (!wantsMp3(channel)) return new File([recording], recordingName('m4a', at), { type: recording.type || 'audio/mp4' });
  const { samples, sampleRate } = await decodeFirstChannel(recording);
  return new File([encodeMp3(samples, sampleRate)], recordingName('mp3', at), { type: 'audio/mpeg' });
};
