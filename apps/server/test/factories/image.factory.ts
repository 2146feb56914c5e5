// Images that lie: a PNG whose header declares far more pixels than it carries (a decompression
// bomb for whoever decodes it), and a real PNG cut short. Both look like PNG to a content sniffer.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
};

// A one-bit greyscale PNG declaring width x height, with a few rows of data: about a hundred bytes.
export const pngDeclaring = (width: number, height: number) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = 1 + Math.ceil(width / 8);
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(row * 4))), chunk('IEND', Buffer.alloc(0))]);
};

export const truncatedPng = async () => {
  const whole = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366ff' } }).png({ compressionLevel: 0 }).toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
};
