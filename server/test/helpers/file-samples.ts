import { randomBytes } from 'node:crypto';
import { deflateSync, gzipSync } from 'node:zlib';

/** A ZIP archive of stored (uncompressed) entries, in order: enough for content sniffing. */
export function zipOf(entries: { name: string; data: string | Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(10, 4);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(name.length, 26);
    parts.push(header, name, data);
  }
  return Buffer.concat(parts);
}

const contentTypes = (part: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${type}"/></Types>`;

const ooxml = (part: string, type: string) => () =>
  zipOf([
    { name: '[Content_Types].xml', data: contentTypes(part, type) },
    { name: part, data: `<doc id="${randomBytes(8).toString('hex')}"/>` },
  ]);

const odf = (mime: string) => () =>
  zipOf([
    { name: 'mimetype', data: mime },
    { name: 'content.xml', data: `<office:document-content id="${randomBytes(8).toString('hex')}"/>` },
  ]);

/** An ISO base media file (MP4, QuickTime, HEIC) of this major brand. */
function isoMedia(brand: string): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write(brand, 8, 'latin1');
  ftyp.write(brand, 16, 'latin1');
  ftyp.write(brand === 'qt  ' ? 'qt  ' : 'mif1', 20, 'latin1');
  const free = Buffer.alloc(8 + 16);
  free.writeUInt32BE(free.length, 0);
  free.write('free', 4, 'latin1');
  randomBytes(16).copy(free, 8);
  return Buffer.concat([ftyp, free]);
}

function tarOf(name: string, data: Buffer): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'latin1');
  header.write('0000644\0', 100, 'latin1');
  header.write('0000000\0', 108, 'latin1');
  header.write('0000000\0', 116, 'latin1');
  header.write(data.length.toString(8).padStart(11, '0') + '\0', 124, 'latin1');
  header.write('00000000000\0', 136, 'latin1');
  header.write('        ', 148, 'latin1');
  header.write('0', 156, 'latin1');
  header.write('ustar\0', 257, 'latin1');
  header.write('00', 263, 'latin1');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'latin1');
  const body = Buffer.alloc(Math.ceil(data.length / 512) * 512);
  data.copy(body);
  return Buffer.concat([header, body, Buffer.alloc(1024)]);
}

/** Real leading bytes of every type ALLOWED_TYPES may add, each unique. */
export const addedSamples = {
  docx: ooxml('word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
  xlsx: ooxml('xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'),
  pptx: ooxml('ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml'),
  odt: odf('application/vnd.oasis.opendocument.text'),
  ods: odf('application/vnd.oasis.opendocument.spreadsheet'),
  mp4: () => isoMedia('isom'),
  mov: () => isoMedia('qt  '),
  heic: () => isoMedia('heic'),
  webm: () =>
    Buffer.concat([
      Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701', 'hex'),
      randomBytes(32),
    ]),
  mp3: () => Buffer.concat([Buffer.from('fffb9064', 'hex'), Buffer.alloc(413), Buffer.from('fffb9064', 'hex'), Buffer.alloc(413), randomBytes(16)]),
  ogg: () => {
    const page = Buffer.alloc(28);
    page.write('OggS', 0, 'latin1');
    page.writeUInt8(2, 5);
    page.writeUInt8(1, 26);
    page.writeUInt8(30, 27);
    return Buffer.concat([page, Buffer.from('\x01vorbis', 'latin1'), randomBytes(23)]);
  },
  wav: () => Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), randomBytes(32)]),
  flac: () => Buffer.concat([Buffer.from('fLaC\x00\x00\x00\x22', 'latin1'), randomBytes(34)]),
  '7z': () => Buffer.concat([Buffer.from('377abcaf271c0004', 'hex'), randomBytes(24)]),
  tar: () => tarOf('notes.txt', randomBytes(20)),
  gz: () => gzipSync(randomBytes(64)),
  svg: () => Buffer.from(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><desc>${randomBytes(4).toString('hex')}</desc></svg>\n`),
  html: () => Buffer.from(`<!doctype html><title>${randomBytes(4).toString('hex')}</title><script>alert(1)</script>\n`),
};

/**
 * A real PDF: pages of `width` x `height` points, each filled with its colour
 * (RGB, 0-1) inside a white margin of 20 points, with a line of text; the
 * `label` makes the content unique.
 */
export function pdfWithPages(pages: [number, number, number][], label: string, width = 300, height = 200): Buffer {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const kids: string[] = [];
  for (const [r, g, b] of pages) {
    const page = objects.length + 1;
    kids.push(`${page} 0 R`);
    const content = `${r} ${g} ${b} rg 20 20 ${width - 40} ${height - 40} re f 0 0 0 rg BT /F1 18 Tf 30 30 Td (${label}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents ${page + 1} 0 R /Resources << /Font << /F1 ${page + 2} 0 R >> >> >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A real PDF of one 300 x 200 point page covered by one black picture of `width` x `height` pixels
 * (RGB, deflated: a large one is a few hundred KB that decode to width x height x 3 bytes).
 */
export function pdfWithPicture(width: number, height: number): Buffer {
  const pixels = deflateSync(Buffer.alloc(width * height * 3));
  const draw = 'q 300 0 0 200 0 0 cm /Im1 Do Q';
  const objects: Buffer[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>',
    `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`,
  ].map((o) => Buffer.from(o, 'latin1'));
  objects.push(
    Buffer.concat([
      Buffer.from(`<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`, 'latin1'),
      pixels,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  );
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets = objects.map((object, i) => {
    const at = length;
    const framed = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), object, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(framed);
    length += framed.length;
    return at;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
