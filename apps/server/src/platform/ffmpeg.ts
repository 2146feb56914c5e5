// Which ffmpeg converts media: FFMPEG_PATH when set; else the system's, when one is on PATH; else
// the static build that the @ffmpeg-installer package carries inside its platform package, so
// neither a server nor a test machine needs an install step (and nothing is downloaded at install).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const run = promisify(execFile);

const bundledFfmpeg = () => {
  try {
    return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    // the package throws when it has no build for this platform
    throw new Error('no ffmpeg: none on PATH, none bundled for this platform; set FFMPEG_PATH');
  }
};

// looked up once per process, at the first conversion
let found: Promise<string> | undefined;

export const ffmpegBinary = (configured?: string): Promise<string> => {
  if (configured) return Promise.resolve(configured);
  found ??= run('ffmpeg', ['-version']).then(
    () => 'ffmpeg',
    () => bundledFfmpeg(),
  );
  return found;
};
