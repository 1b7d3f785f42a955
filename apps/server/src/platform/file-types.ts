// Upload rules (spec 01 §5): allowed extensions, sizes, and a check of the content itself, so a
// renamed file is refused as firmly as a wrong extension.
import { IMPORT_FILE_MAX_BYTES } from '@openseller/core';

export const EXCEL_MAX_BYTES = IMPORT_FILE_MAX_BYTES;
export const IMAGE_MAX_BYTES = 5_242_880;
export const PDF_MAX_BYTES = 5_242_880;
/** Goods pictures (the picture upload modal): at most 1024000 bytes. */
export const GOODS_PICTURE_MAX_BYTES = 1_024_000;

export type UploadKind = 'excel' | 'image' | 'pdf';

export const EXTENSIONS: Record<UploadKind, readonly string[]> = {
  excel: ['xlsx', 'xls'],
  image: ['jpg', 'png', 'gif', 'jpeg', 'bmp', 'ico'],
  pdf: ['pdf'],
};

type Sniffed = 'xlsx' | 'xls' | 'jpg' | 'png' | 'gif' | 'bmp' | 'ico' | 'pdf' | null;

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buffer[offset + i] === b);

/** What the bytes are, by their signature. */
export function sniffFileType(buffer: Buffer): Sniffed {
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (buffer.subarray(0, 6).toString('ascii') === 'GIF87a' || buffer.subarray(0, 6).toString('ascii') === 'GIF89a') return 'gif';
  if (startsWith(buffer, [0x42, 0x4d]) && buffer.length > 14) return 'bmp';
  if (startsWith(buffer, [0x00, 0x00, 0x01, 0x00])) return 'ico';
  if (buffer.subarray(0, 5).toString('ascii') === '%PDF-') return 'pdf';
  if (startsWith(buffer, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'xls';
  // An .xlsx is a zip holding [Content_Types].xml and an xl/ folder.
  if (startsWith(buffer, [0x50, 0x4b, 0x03, 0x04])) {
    const head = buffer.subarray(0, Math.min(buffer.length, 64 * 1024)).toString('latin1');
    if (head.includes('[Content_Types].xml') || head.includes('xl/')) return 'xlsx';
  }
  return null;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

export function mimeOf(extension: string): string {
  return MIME[extension] ?? 'application/octet-stream';
}

export type FileProblem = 'FORMAT' | 'SIZE' | 'EMPTY';

/** Checks a file's name, size and content against the rules of its kind. */
export function checkUpload(kind: UploadKind, name: string, buffer: Buffer, maxBytes: number): FileProblem | null {
  if (buffer.length === 0) return 'EMPTY';
  const extension = extensionOf(name);
  if (!EXTENSIONS[kind].includes(extension)) return 'FORMAT';
  if (buffer.length > maxBytes) return 'SIZE';
  const sniffed = sniffFileType(buffer);
  const expected = extension === 'jpeg' ? 'jpg' : extension;
  if (sniffed !== expected) return 'FORMAT';
  return null;
}
