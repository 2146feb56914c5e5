// Voice notes go to WhatsApp as ogg/opus push-to-talk audio; recordings arrive as mp3, m4a, webm…
// and are converted with ffmpeg (platform/ffmpeg.ts says which one).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ffmpegBinary } from '../../platform/ffmpeg.ts';

const run = promisify(execFile);
const TIMEOUT_MS = 60_000;

// input: the recording's file (a file, not a pipe: m4a keeps its index at the end, which ffmpeg
// must seek to); ffmpegPath: FFMPEG_PATH from the configuration, when set
export const toOggOpus = async (input: string, ffmpegPath?: string) => {
  const output = join(tmpdir(), `atende-voice-${randomUUID()}.ogg`);
  try {
    await run(await ffmpegBinary(ffmpegPath), ['-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-vn', '-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '32k', '-f', 'ogg', output], {
      timeout: TIMEOUT_MS,
    });
    return await readFile(output);
  } finally {
    await rm(output, { force: true });
  }
};
