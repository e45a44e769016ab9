/**
 * Documents of each kind built byte by byte (no library of ours writes them): a PDF with one text line per page, a
 * DOCX (a ZIP written here with node:zlib), and hostile ones — a DOCX whose document inflates past any limit while
 * its headers claim a small size, a PDF whose pages never end.
 */
import { crc32, deflateRawSync } from 'node:zlib';

/** Text cut into lines of at most 80 characters at spaces (PDF.js leaves out what runs off the page). */
function linesOf(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > 80) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/** A PDF with one page per text, each shown in Helvetica in lines of at most 80 characters (45 lines a page at most). */
export function pdfOf(pageTexts: string[]): Buffer {
  const objects: string[] = [];
  const pageIds = pageTexts.map((_, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageTexts.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pageTexts.forEach((text, index) => {
    const id = pageIds[index]!;
    const shown = linesOf(text)
      .map((line) => `(${line.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj T*`)
      .join(' ');
    const stream = `BT /F1 11 Tf 14 TL 40 760 Td ${shown} ET`;
    objects[id] =
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ' +
      `/Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A ZIP of these entries, deflated; `claimedSize` overrides an entry's declared uncompressed size (a lie). */
export function zipOf(entries: Array<{ name: string; data: Buffer; claimedSize?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = deflateRawSync(entry.data);
    const size = entry.claimedSize ?? entry.data.length;
    const header = (signature: number, central: boolean) => {
      const buffer = Buffer.alloc(central ? 46 : 30);
      buffer.writeUInt32LE(signature, 0);
      let at = 4;
      if (central) buffer.writeUInt16LE(20, (at += 2) - 2); // made by
      buffer.writeUInt16LE(20, at); // version needed
      buffer.writeUInt16LE(8, at + 4); // deflate
      buffer.writeUInt32LE(crc32(entry.data), at + 10);
      buffer.writeUInt32LE(packed.length, at + 14);
      buffer.writeUInt32LE(size, at + 18);
      buffer.writeUInt16LE(name.length, at + 22);
      if (central) buffer.writeUInt32LE(offset, 42);
      return buffer;
    };
    locals.push(header(0x04034b50, false), name, packed);
    centrals.push(header(0x02014b50, true), name);
    offset += 30 + name.length + packed.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, central, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ' +
  'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
  'Target="word/document.xml"/></Relationships>';

function documentXml(paragraphs: string[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
    paragraphs
      .map((text) => `<w:p><w:r><w:t xml:space="preserve">${escape(text)}</w:t></w:r></w:p>`)
      .join('') +
    '</w:body></w:document>'
  );
}

/** A DOCX with one paragraph per string. */
export function docxOf(paragraphs: string[]): Buffer {
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(RELS) },
    { name: 'word/document.xml', data: Buffer.from(documentXml(paragraphs)) },
  ]);
}

/** A DOCX whose document.xml inflates to `inflatedBytes` of padding while its headers claim 2 KiB. */
export function zipBombDocx(inflatedBytes: number): Buffer {
  const padding = Buffer.alloc(inflatedBytes, 0x20);
  const xml = Buffer.concat([Buffer.from(documentXml(['Bomb']).replace('</w:body>', '')), padding]);
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(RELS) },
    { name: 'word/document.xml', data: xml, claimedSize: 2048 },
  ]);
}
