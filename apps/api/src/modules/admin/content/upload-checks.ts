/**
 * What an uploaded file really is, from its bytes (never from its name): an MP4 video, a PDF or an
 * XLSX workbook, and an MP4's duration read from its movie header (the `mvhd` box).
 */
export type UploadKind = 'video' | 'pdf' | 'xlsx';

export const uploadTypes: Record<UploadKind, { extension: string; mimeType: string; maxBytes: number }> = {
  video: { extension: 'mp4', mimeType: 'video/mp4', maxBytes: 4 * 1024 ** 3 },
  pdf: { extension: 'pdf', mimeType: 'application/pdf', maxBytes: 100 * 1024 ** 2 },
  xlsx: {
    extension: 'xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    maxBytes: 100 * 1024 ** 2,
  },
};

/** The kind a declared file name and type ask for, or null (the file itself is checked at the end). */
export function declaredKind(filename: string, filetype: string | undefined): UploadKind | null {
  const extension = filename.toLowerCase().split('.').pop() ?? '';
  const kind = (Object.keys(uploadTypes) as UploadKind[]).find((k) => uploadTypes[k].extension === extension);
  if (!kind) return null;
  if (filetype && filetype !== uploadTypes[kind].mimeType) return null;
  return kind;
}

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type ReadAt = (offset: number, length: number) => Promise<Buffer>;

const ascii = (buffer: Buffer, start: number, end: number) => buffer.subarray(start, end).toString('latin1');

/** Does the file hold what its kind says? */
export async function matchesKind(kind: UploadKind, size: number, read: ReadAt): Promise<boolean> {
  const head = await read(0, 16);
  if (kind === 'pdf') return ascii(head, 0, 5) === '%PDF-';
  if (kind === 'video') return head.length >= 12 && ascii(head, 4, 8) === 'ftyp';
  // XLSX: a ZIP (local file header) whose central directory, at the end, lists the workbook.
  if (ascii(head, 0, 4) !== 'PK\u0003\u0004') return false;
  const tailLength = Math.min(size, 1024 * 1024);
  const tail = await read(size - tailLength, tailLength);
  return tail.includes('xl/workbook.xml') && tail.includes('[Content_Types].xml');
}

/**
 * An MP4's duration in whole seconds (rounded up), from moov/mvhd; null when the file has no
 * movie header. Walks the top-level boxes, so a `moov` at the end of a large file costs a few reads.
 */
export async function mp4DurationSeconds(size: number, read: ReadAt): Promise<number | null> {
  const walk = async (
    start: number,
    end: number,
    wanted: string,
  ): Promise<{ body: number; end: number } | null> => {
    let offset = start;
    while (offset + 8 <= end) {
      const header = await read(offset, 16);
      if (header.length < 8) return null;
      let boxSize = header.readUInt32BE(0);
      const type = ascii(header, 4, 8);
      let headerSize = 8;
      if (boxSize === 1) {
        if (header.length < 16) return null;
        boxSize = Number(header.readBigUInt64BE(8));
        headerSize = 16;
      } else if (boxSize === 0) {
        boxSize = end - offset;
      }
      if (boxSize < headerSize) return null;
      if (type === wanted) return { body: offset + headerSize, end: Math.min(end, offset + boxSize) };
      offset += boxSize;
    }
    return null;
  };
  const moov = await walk(0, size, 'moov');
  if (!moov) return null;
  const mvhd = await walk(moov.body, moov.end, 'mvhd');
  if (!mvhd) return null;
  const box = await read(mvhd.body, 32);
  const version = box.readUInt8(0);
  const [timescale, duration] =
    version === 1
      ? [box.readUInt32BE(20), Number(box.readBigUInt64BE(24))]
      : [box.readUInt32BE(12), box.readUInt32BE(16)];
  if (!timescale) return null;
  return Math.ceil(duration / timescale);
}
