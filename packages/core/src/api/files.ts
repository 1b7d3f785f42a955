// Picture uploads (spec 01 §7 "picture upload, multipart POST, path not shown"): served at
// /cloud/core/file/upload (apps/server/src/modules/files/README.md).
import { PictureKey } from '../contracts/files.js';
import { post } from './define.js';

export const FileCalls = {
  /** Multipart: file, useType (SKU default: at most 1024000 bytes; others 5M). Answers the key. */
  uploadPicture: post('/cloud/core/file/upload', 'session', undefined, PictureKey, { multipart: true }),
};
