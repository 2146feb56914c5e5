// exceljs's streaming reader reads a workbook's zip in the order its entries are stored, and needs
// the workbook, its relations and the shared strings before a sheet: otherwise a sheet reads as
// `{ sharedString: n }` placeholders, or fails. That order is the writer's choice, and several
// spreadsheet programs store the shared strings after the sheets (issue 35 point 14). The zip's
// central directory, at its end, lists every entry with its place, so a workbook in another order
// is copied into a temporary zip in the reader's order: each entry's bytes are copied still
// compressed, a piece at a time, so no entry is inflated here and the file is never held whole.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { tempPath } from './temp-files.ts';

// What the reader needs before the first sheet, in this order.
const READ_FIRST = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];
const isSheet = (name: string) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name);

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
// the end record is 22 bytes plus a comment of at most 65,535
const END_SEARCH = 22 + 0xffff;
// general purpose flags: encrypted, and sizes in a descriptor after the data
const ENCRYPTED = 0x0001;
const DATA_DESCRIPTOR = 0x0008;
const ZIP64_MARK = 0xffffffff;

export class UnreadableZip extends Error {}

type Entry = {
  name: Buffer;
  path: string;
  versionMadeBy: number;
  versionNeeded: number;
  flags: number;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  size: number;
  internalAttributes: number;
  externalAttributes: number;
  localOffset: number;
};

const readAt = async (file: FileHandle, position: number, length: number) => {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new UnreadableZip('zip cut short');
  return buffer;
};

const centralDirectory = async (file: FileHandle): Promise<Entry[]> => {
  const { size } = await file.stat();
  const tailStart = Math.max(0, size - END_SEARCH);
  const tail = await readAt(file, tailStart, size - tailStart);
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at--) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new UnreadableZip('no end of central directory');
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directoryOffset === ZIP64_MARK || directoryOffset + directorySize > size) throw new UnreadableZip('zip64 or broken directory');
  const directory = await readAt(file, directoryOffset, directorySize);
  const entries: Entry[] = [];
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new UnreadableZip('broken directory entry');
    const nameLength = directory.readUInt16LE(at + 28);
    const name = directory.subarray(at + 46, at + 46 + nameLength);
    const entry: Entry = {
      name,
      path: name.toString('utf8'),
      versionMadeBy: directory.readUInt16LE(at + 4),
      versionNeeded: directory.readUInt16LE(at + 6),
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      time: directory.readUInt16LE(at + 12),
      date: directory.readUInt16LE(at + 14),
      crc: directory.readUInt32LE(at + 16),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      internalAttributes: directory.readUInt16LE(at + 36),
      externalAttributes: directory.readUInt32LE(at + 38),
      localOffset: directory.readUInt32LE(at + 42),
    };
    if (entry.flags & ENCRYPTED) throw new UnreadableZip('encrypted entry');
    if (entry.compressedSize === ZIP64_MARK || entry.size === ZIP64_MARK || entry.localOffset === ZIP64_MARK) throw new UnreadableZip('zip64 entry');
    entries.push(entry);
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return entries;
};

// The entries in the reader's order, or undefined when the stored order already is.
const readingOrder = (entries: Entry[]) => {
  const stored = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  const firstSheet = stored.find((entry) => isSheet(entry.path));
  const late = stored.some((entry) => READ_FIRST.includes(entry.path) && firstSheet && entry.localOffset > firstSheet.localOffset);
  if (!late) return undefined;
  const first = READ_FIRST.flatMap((path) => stored.filter((entry) => entry.path === path));
  return [...first, ...stored.filter((entry) => !READ_FIRST.includes(entry.path))];
};

const localHeader = (entry: Entry) => {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_ENTRY, 0);
  header.writeUInt16LE(entry.versionNeeded, 4);
  // the sizes are in this header now, so no descriptor follows the data
  header.writeUInt16LE(entry.flags & ~DATA_DESCRIPTOR, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt16LE(entry.time, 10);
  header.writeUInt16LE(entry.date, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.compressedSize, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
};

const directoryEntry = (entry: Entry, localOffset: number) => {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(DIRECTORY_ENTRY, 0);
  header.writeUInt16LE(entry.versionMadeBy, 4);
  header.writeUInt16LE(entry.versionNeeded, 6);
  header.writeUInt16LE(entry.flags & ~DATA_DESCRIPTOR, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt16LE(entry.time, 12);
  header.writeUInt16LE(entry.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressedSize, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt16LE(0, 30);
  header.writeUInt16LE(0, 32);
  header.writeUInt16LE(0, 34);
  header.writeUInt16LE(entry.internalAttributes, 36);
  header.writeUInt32LE(entry.externalAttributes, 38);
  header.writeUInt32LE(localOffset, 42);
  return Buffer.concat([header, entry.name]);
};

const copyInOrder = async (source: FileHandle, sourcePath: string, order: Entry[], targetPath: string) => {
  const target = await open(targetPath, 'wx');
  try {
    let written = 0;
    const write = async (bytes: Buffer) => {
      await target.write(bytes);
      written += bytes.length;
    };
    const directory: Buffer[] = [];
    for (const entry of order) {
      const local = await readAt(source, entry.localOffset, 30);
      if (local.readUInt32LE(0) !== LOCAL_ENTRY) throw new UnreadableZip('broken local entry');
      const dataStart = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      directory.push(directoryEntry(entry, written));
      await write(localHeader(entry));
      if (entry.compressedSize === 0) continue;
      for await (const chunk of createReadStream(sourcePath, { start: dataStart, end: dataStart + entry.compressedSize - 1 })) await write(chunk as Buffer);
    }
    const directoryOffset = written;
    for (const part of directory) await write(part);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_DIRECTORY, 0);
    end.writeUInt16LE(order.length, 8);
    end.writeUInt16LE(order.length, 10);
    end.writeUInt32LE(written - directoryOffset, 12);
    end.writeUInt32LE(directoryOffset, 16);
    await write(end);
  } finally {
    await target.close();
  }
};

// The path of the workbook in the order exceljs's streaming reader needs: the file itself when it
// already is, else a temporary copy in that order, which `dispose` removes.
export const workbookInReadingOrder = async (path: string): Promise<{ path: string; dispose: () => Promise<void> }> => {
  const source = await open(path, 'r');
  const copy = tempPath('workbook', `${randomUUID()}.xlsx`);
  const dispose = () => rm(copy, { force: true });
  try {
    const order = readingOrder(await centralDirectory(source));
    if (!order) return { path, dispose: async () => undefined };
    await copyInOrder(source, path, order, copy);
    return { path: copy, dispose };
  } catch (error) {
    await dispose();
    throw error;
  } finally {
    await source.close();
  }
};
