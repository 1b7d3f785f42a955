// Client-side checks of a chosen file, with the spec's messages (spec 01 §5). The server checks
// again, by content.
import { i18next } from '../app/i18n';

export const EXCEL_MAX_BYTES = 5_242_880;
export const IMAGE_MAX_BYTES = 5_242_880;
export const GOODS_PICTURE_MAX_BYTES = 1_024_000;
const IMAGE_EXTENSIONS = ['jpg', 'png', 'gif', 'jpeg', 'bmp', 'ico'];

const extension = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** The message for an unacceptable spreadsheet, or null. */
export function excelProblem(file: File): string | null {
  if (!['xlsx', 'xls'].includes(extension(file.name))) return i18next.t('common:files.excelFormat');
  if (file.size > EXCEL_MAX_BYTES) return i18next.t('common:files.excelSize');
  return null;
}

/** The message for an unacceptable picture, or null; goods pictures have the 1024k limit. */
export function imageProblem(file: File, goodsPicture = false): string | null {
  if (!IMAGE_EXTENSIONS.includes(extension(file.name))) return i18next.t('common:files.imageFormat');
  if (goodsPicture && file.size > GOODS_PICTURE_MAX_BYTES) return i18next.t('common:files.pictureSize');
  if (file.size > IMAGE_MAX_BYTES) return i18next.t('common:files.imageSize');
  return null;
}
