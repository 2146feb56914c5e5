// Voice notes need ffmpeg, and neither a server nor a test machine installs one (issue 11): the
// system's is used when there is one, else the build bundled in an npm package; FFMPEG_PATH wins.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { toOggOpus } from '../../src/channels/whatsapp/voice-note.ts';
import { loadConfig } from '../../src/config.ts';
import { voiceRecording } from '../helpers/voice-recording.ts';

const run = promisify(execFile);
const ffmpegModule = fileURLToPath(new URL('../../src/platform/ffmpeg.ts', import.meta.url));

// the recording as the provider hands it to ffmpeg: a stored file on disk
const recordingFile = async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'atende-recording-')), 'audio.mp3');
  writeFileSync(path, await voiceRecording('mp3'));
  return path;
};

describe('the ffmpeg that converts voice notes (issue 11)', () => {
  it('with no ffmpeg on PATH, the build bundled in @ffmpeg-installer is found and converts', async () => {
    const emptyPath = mkdtempSync(join(tmpdir(), 'atende-no-ffmpeg-'));
    const script = `const { ffmpegBinary } = await import(${JSON.stringify(ffmpegModule)}); console.log(await ffmpegBinary());`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { PATH: emptyPath } }).finally(() =>
      rmSync(emptyPath, { recursive: true }),
    );
    const bundled = stdout.trim();
    expect(bundled).toMatch(/node_modules\/@ffmpeg-installer\/[^/]+\/ffmpeg$/);

    const ogg = await toOggOpus(await recordingFile(), bundled);
    expect(ogg.subarray(0, 4).toString()).toBe('OggS');
    expect(ogg.includes(Buffer.from('OpusHead'))).toBe(true);
  });

  it('FFMPEG_PATH names the ffmpeg to run', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atende-config-'));
    expect(loadConfig({ DATA_DIR: dataDir, FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg' }).ffmpegPath).toBe('/opt/ffmpeg/bin/ffmpeg');
    rmSync(dataDir, { recursive: true });
    await expect(toOggOpus(await recordingFile(), '/nonexistent/ffmpeg')).rejects.toMatchObject({ code: 'ENOENT', path: '/nonexistent/ffmpeg' });
  });
});
