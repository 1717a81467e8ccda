// Prints a material's plain text (content/materials/<name>.txt) as the PDF the catalogue serves
// (media/files/materiales/<name>.pdf): `node content/materials/make-pdf.mjs preguntas-frecuentes-comunidad`
// from apps/api. The first line is the title; blank lines separate paragraphs. Standard Helvetica
// (WinAnsi covers Spanish), so the PDF's text layer is the same text a reader or pdf.js extracts.
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';

const name = process.argv[2];
if (!name || !/^[a-z0-9-]+$/.test(name)) throw new Error('Uso: node make-pdf.mjs <nombre-del-material>');
const here = path.dirname(new URL(import.meta.url).pathname);
const [title = '', ...paragraphs] = readFileSync(path.join(here, `${name}.txt`), 'utf8')
  .trim()
  .split(/\n\s*\n/);
const doc = new PDFDocument({
  size: 'A4',
  margin: 56,
  info: { Title: title.trim(), Author: 'Alcancía', CreationDate: new Date('2026-01-05T12:00:00Z') },
});
doc.pipe(createWriteStream(path.join(here, '../../media/files/materiales', `${name}.pdf`)));
doc.font('Helvetica-Bold').fontSize(18).fillColor('#1E5631').text(title.trim());
doc.moveDown();
for (const paragraph of paragraphs) {
  const [first, ...rest] = paragraph.trim().split('\n');
  const heading = /^\d+\. /.test(first ?? '');
  doc
    .font(heading ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(11)
    .fillColor('#1A1A1A')
    .text(first ?? '');
  if (rest.length) doc.font('Helvetica').text(rest.join(' '));
  doc.moveDown(0.8);
}
doc.end();
