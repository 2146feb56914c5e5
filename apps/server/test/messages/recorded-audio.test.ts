// Voice notes recorded in the browser (01-core §4 Messages: mp3 for WhatsApp, otherwise m4a) reach
// the server as MP3 frames or as MP4/WebM containers holding one audio track. The containers are
// built here byte by byte, so the test states exactly what is inside them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerTrackKinds } from '../../src/platform/container-tracks.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, 'latin1'), body]);
};

// hdlr: version/flags, pre_defined, handler type, three reserved words, an empty name
const handler = (type: 'soun' | 'vide') => box('hdlr', u32(0), u32(0), Buffer.from(type, 'latin1'), Buffer.alloc(12), Buffer.from([0]));

const mp4With = (...handlers: Array<'soun' | 'vide'>) =>
  Buffer.concat([
    box('ftyp', Buffer.from('isom', 'latin1'), u32(512), Buffer.from('isomiso2mp41', 'latin1')),
    box('moov', box('mvhd', Buffer.alloc(100)), ...handlers.map((type) => box('trak', box('tkhd', Buffer.alloc(84)), box('mdia', handler(type))))),
    box('mdat', Buffer.alloc(2048, 7)),
  ]);

// as a camera or a converter writes it: the media data first, its index (moov) at the end
const mp4WithIndexLast = (mediaBytes: number, ...handlers: Array<'soun' | 'vide'>) => {
  const [ftyp, moov, mdat] = [box('ftyp', Buffer.from('isom', 'latin1'), u32(512)), box('moov', ...handlers.map((type) => box('trak', box('mdia', handler(type))))), box('mdat', Buffer.alloc(mediaBytes, 7))];
  return Buffer.concat([ftyp, mdat, moov]);
};

const ebml = (id: number[], payload: Buffer) => {
  if (payload.length >= 127) throw new Error('the test builds small elements only');
  return Buffer.concat([Buffer.from(id), Buffer.from([0x80 | payload.length]), payload]);
};
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

// As MediaRecorder writes it: a Segment and a Cluster of unknown size (a live recording).
const webmWith = (...trackTypes: number[]) =>
  Buffer.concat([
    ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm'))),
    Buffer.from([0x18, 0x53, 0x80, 0x67]),
    UNKNOWN_SIZE,
    ebml([0x15, 0x49, 0xa9, 0x66], ebml([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40]))),
    ebml([0x16, 0x54, 0xae, 0x6b], Buffer.concat(trackTypes.map((type, index) => ebml([0xae], Buffer.concat([ebml([0xd7], Buffer.from([index + 1])), ebml([0x83], Buffer.from([type]))]))))),
    Buffer.from([0x1f, 0x43, 0xb6, 0x75]),
    UNKNOWN_SIZE,
    Buffer.alloc(2048, 9),
  ]);

// MPEG-1 layer III frames at 128 kbps, 44.1 kHz (417 bytes each), as an mp3 encoder writes them
const mp3Frames = () => Buffer.concat(Array.from({ length: 8 }, () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.alloc(413)])));

describe('recorded audio uploads (01-core §4 Messages: recording, mp3 for WhatsApp, m4a otherwise)', () => {
  it('reads the kinds of the tracks of MP4 and WebM containers', async () => {
    await expect(containerTrackKinds(mp4With('soun'), 'mp4')).resolves.toEqual(['audio']);
    await expect(containerTrackKinds(mp4With('vide', 'soun'), 'mp4')).resolves.toEqual(['video', 'audio']);
    await expect(containerTrackKinds(webmWith(2), 'webm')).resolves.toEqual(['audio']);
    await expect(containerTrackKinds(webmWith(1, 2), 'webm')).resolves.toEqual(['video', 'audio']);
    // a cut or corrupt file yields what could be read, never a throw
    await expect(containerTrackKinds(mp4With('soun').subarray(0, 60), 'mp4')).resolves.toEqual([]);
    await expect(containerTrackKinds(Buffer.from([0x1a, 0x45, 0xdf]), 'webm')).resolves.toEqual([]);
    // a moov behind a flood of tiny boxes is not looked for: the walk is bounded, the file read as a video
    const flood = Buffer.concat([...Array.from({ length: 10_000 }, () => box('free')), mp4With('soun')]);
    await expect(containerTrackKinds(flood, 'mp4')).resolves.toEqual([]);
  });

  it('an audio-only MP4 is stored as m4a audio, an audio-only WebM as weba audio, mp3 as mp3 audio; a video stays a video', async () => {
    const a = await setupAttendance(t);
    const { ticketId } = await a.inbound('5511922227777', 'oi');
    await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    const upload = async (data: Buffer, name: string) => {
      const form = new FormData();
      form.append('fromMe', 'true');
      form.append('medias', new Blob([new Uint8Array(data)]), name);
      const answer = await t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, rawBody: form });
      expect(answer.status).toBe(201);
      return answer.body[0] as { mediaType: string; mediaUrl: string };
    };

    const m4a = await upload(mp4With('soun'), 'audio-record.m4a');
    expect(m4a.mediaType).toBe('audio');
    expect(m4a.mediaUrl).toMatch(/\.m4a$/);
    const weba = await upload(webmWith(2), 'audio-record.webm');
    expect(weba.mediaType).toBe('audio');
    expect(weba.mediaUrl).toMatch(/\.weba$/);
    const mp3 = await upload(mp3Frames(), 'audio-record.mp3');
    expect(mp3.mediaType).toBe('audio');
    expect(mp3.mediaUrl).toMatch(/\.mp3$/);

    // the name does not decide: a video named .m4a is a video
    const video = await upload(mp4With('vide', 'soun'), 'not-audio.m4a');
    expect(video.mediaType).toBe('video');
    expect(video.mediaUrl).toMatch(/\.mp4$/);
    const webmVideo = await upload(webmWith(1, 2), 'clip.webm');
    expect(webmVideo.mediaType).toBe('video');

    // the index after 12 MB of media is found by the boxes' headers: the upload is read from disk in ranges
    const indexLast = await upload(mp4WithIndexLast(12 * 1024 * 1024, 'soun'), 'long-note.m4a');
    expect(indexLast.mediaType).toBe('audio');
    const videoIndexLast = await upload(mp4WithIndexLast(12 * 1024 * 1024, 'vide'), 'long-clip.mp4');
    expect(videoIndexLast.mediaType).toBe('video');

    // the stored file is served with an audio type the browser can play
    const served = await fetch(`${t.url}${m4a.mediaUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^audio\//);
  });
});
