// Workbooks written the way other spreadsheet programs write them (issue 35 point 14): the XML
// parts a minimal xlsx needs, zipped by a small writer here in any entry order, deflated or
// stored, with the sizes in the local headers or, as streaming writers do, in a descriptor after
// the data. exceljs writes its own order; these are the others.
import { crc32, deflateRawSync } from 'node:zlib';

export type ZipEntry = { path: string; content: string };
export type ZipOptions = { deflate?: boolean; dataDescriptors?: boolean };

const u16 = (value: number) => {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
};
const u32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0);
  return buffer;
};

export const writeZip = (entries: ZipEntry[], { deflate = true, dataDescriptors = false }: ZipOptions = {}) => {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  const flags = dataDescriptors ? 0x0008 : 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.path, 'utf8');
    const data = Buffer.from(entry.content, 'utf8');
    const stored = deflate ? deflateRawSync(data) : data;
    const method = deflate ? 8 : 0;
    const crc = crc32(data);
    // with a descriptor the local header leaves crc and sizes zero
    const [headerCrc, headerCompressed, headerSize] = dataDescriptors ? [0, 0, 0] : [crc, stored.length, data.length];
    const local = Buffer.concat([u32(0x04034b50), u16(20), u16(flags), u16(method), u16(0), u16(0x21), u32(headerCrc), u32(headerCompressed), u32(headerSize), u16(name.length), u16(0), name]);
    const descriptor = dataDescriptors ? Buffer.concat([u32(0x08074b50), u32(crc), u32(stored.length), u32(data.length)]) : Buffer.alloc(0);
    directory.push(
      Buffer.concat([u32(0x02014b50), u16(20), u16(20), u16(flags), u16(method), u16(0), u16(0x21), u32(crc), u32(stored.length), u32(data.length), u16(name.length), u16(0), u16(0), u16(0), u16(0), u32(0), u32(offset), name]),
    );
    parts.push(local, stored, descriptor);
    offset += local.length + stored.length + descriptor.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(entries.length), u16(entries.length), u32(directoryBytes.length), u32(offset), u16(0)]);
  return Buffer.concat([...parts, directoryBytes, end]);
};

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const columnName = (index: number) => String.fromCharCode(65 + index);

// The parts of a one-sheet workbook whose text cells are shared strings, as LibreOffice Calc
// writes them; numbers stay numbers.
export const workbookParts = (rows: (string | number)[][]) => {
  const strings: string[] = [];
  const indexOf = (text: string) => {
    const found = strings.indexOf(text);
    if (found >= 0) return found;
    strings.push(text);
    return strings.length - 1;
  };
  const sheetRows = rows
    .map((row, rowIndex) => {
      const cells = row.map((value, column) => {
        const ref = `${columnName(column)}${rowIndex + 1}`;
        return typeof value === 'number' ? `<c r="${ref}" t="n"><v>${value}</v></c>` : `<c r="${ref}" t="s"><v>${indexOf(value)}</v></c>`;
      });
      return `<row r="${rowIndex + 1}">${cells.join('')}</row>`;
    })
    .join('');
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const relations = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const part = (path: string, content: string): ZipEntry => ({ path, content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${content}` });
  return {
    contentTypes: part(
      '[Content_Types].xml',
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    ),
    rootRels: part(
      '_rels/.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    workbook: part('xl/workbook.xml', `<workbook xmlns="${main}" xmlns:r="${relations}"><sheets><sheet name="Contatos" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    workbookRels: part(
      'xl/_rels/workbook.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    ),
    sheet: part('xl/worksheets/sheet1.xml', `<worksheet xmlns="${main}"><sheetData>${sheetRows}</sheetData></worksheet>`),
    sharedStrings: part(
      'xl/sharedStrings.xml',
      `<sst xmlns="${main}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((text) => `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`).join('')}</sst>`,
    ),
  };
};

export type WorkbookParts = ReturnType<typeof workbookParts>;
