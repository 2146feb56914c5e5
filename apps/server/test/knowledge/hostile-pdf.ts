// A small PDF that keeps pdf.js busy for as long as it is let: its page draws a form that draws the
// next form ten times, twelve forms deep, so reading its text shows "loop" 10^11 times. A few
// kilobytes, well within the size caps; on the main thread it would hold every request.
export const hostilePdf = (levels = 12, fanout = 10) => {
  const firstForm = 6;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /XObject << /X0 ${firstForm} 0 R >> >> /Contents 4 0 R >>`,
    '<< /Length 6 >>\nstream\n/X0 Do\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  for (let level = 0; level < levels; level++) {
    const last = level === levels - 1;
    const content = last ? 'BT /F1 12 Tf 10 10 Td (loop) Tj ET' : Array.from({ length: fanout }, () => `/X${level + 1} Do`).join(' ');
    const next = last ? '' : ` /XObject << /X${level + 1} ${firstForm + level + 1} 0 R >>`;
    objects.push(`<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >>${next} >> /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  return pdfOf(objects);
};

// The objects numbered from 1 in order, with their cross-reference table; the first is the catalog.
const pdfOf = (objects: string[]) => {
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};

// A one-page PDF whose page shows one string of this many characters: within the size caps, and
// pdf.js needs many times its size in heap to read it.
export const heavyPdf = (characters: number) => {
  const content = `BT /F1 12 Tf 10 10 Td (${'A'.repeat(characters)}) Tj ET`;
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
};
