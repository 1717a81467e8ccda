import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of a PDF, one line per printed line (pdf.js, as a reader would extract it). */
export async function pdfText(data: Uint8Array): Promise<string> {
  const pdf = await getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    verbosity: VerbosityLevel.ERRORS,
  }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    lines.push(
      content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
    );
  }
  await pdf.destroy();
  return lines.join('\n');
}
