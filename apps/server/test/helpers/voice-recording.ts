// A one-second tone recorded by ffmpeg (the one the server would use), as a phone or a browser would send it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegBinary } from '../../src/platform/ffmpeg.ts';

const run = promisify(execFile);

export const voiceRecording = async (format: 'opus' | 'mp3') => {
  const args = format === 'opus' ? ['-c:a', 'libopus', '-f', 'ogg'] : ['-c:a', 'libmp3lame', '-f', 'mp3'];
  const { stdout } = await run(await ffmpegBinary(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', ...args, 'pipe:1'], {
    encoding: 'buffer',
  });
  return stdout;
};
