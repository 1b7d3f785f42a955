// Picture uploads (spec 01 §5, §7; spec 02 §7.3): a multipart POST of file and useType; the
// answer's data is the picture's key, which the client prefixes with PICTURE_PREFIX to form the
// picture reference it stores (a goods picUrl) and shows.
import { z } from 'zod';

/** The prefix that turns an upload's answer into a picture reference. */
export const PICTURE_PREFIX = '/erp/pub/file/';
export const PICTURE_USE_TYPES = ['SKU', 'STORE_LOGO', 'PICTURE'] as const;

/** The text fields of the upload form (the file is the field `file`). */
export const PictureUploadFields = z.object({ useType: z.enum(PICTURE_USE_TYPES).default('SKU') });

/** The upload's data: the picture's key (sku/202611/….png). */
export const PictureKey = z.string().regex(/^[a-z0-9/_-]+\.[a-z0-9]+$/);

/** The picture reference of an upload's answer. */
export const pictureReference = (key: string): string => PICTURE_PREFIX + key;
