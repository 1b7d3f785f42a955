// Reading one uploaded file from a multipart request, with the spec's checks and messages.
import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ErrorCodes } from '@openseller/core';
import { AppError, invalidInput } from './errors.js';
import { checkUpload, extensionOf, type UploadKind } from './file-types.js';
import { refuseUnstorableText, requestLanguage } from './http.js';

export interface Upload {
  filename: string;
  extension: string;
  data: Buffer;
  /** The other form fields of the request. */
  fields: Record<string, string>;
}

const CODES: Record<UploadKind, { format: string; size: string }> = {
  excel: { format: ErrorCodes.FILE_EXCEL_FORMAT, size: ErrorCodes.FILE_EXCEL_SIZE },
  image: { format: ErrorCodes.FILE_IMAGE_FORMAT, size: ErrorCodes.FILE_IMAGE_SIZE },
  pdf: { format: ErrorCodes.FILE_PDF_FORMAT, size: ErrorCodes.FILE_PDF_SIZE },
};

/** The multipart plugin's hard cap; the per-kind limits below are checked precisely. */
export const MULTIPART_FILE_LIMIT = 6 * 1024 * 1024;

export async function readUpload(
  request: FastifyRequest,
  options: { field: string; kind: UploadKind; maxBytes: number; sizeCode?: string },
): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError(ErrorCodes.FILE_MISSING, 400, { field: options.field });
  const fields: Record<string, string> = {};
  let file: { filename: string; data: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === options.field && !file) file = { filename: part.filename, data };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(options.sizeCode ?? CODES[options.kind].size, 400, { field: options.field });
    // The plugin's own limits (parts, fields) answer 413 through the error handler.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    // A form cut short or not a form at all: the parser's complaint, as a refusal.
    throw invalidInput([{ field: '(body)', message: `malformed multipart body: ${error instanceof Error ? error.message : String(error)}` }]);
  }
  // The form fields and the file's name go to the database: the same edge check as a JSON body.
  const language = requestLanguage(request);
  refuseUnstorableText(fields, language);
  if (file) refuseUnstorableText({ [options.field]: file.filename }, language);
  if (!file) throw new AppError(ErrorCodes.FILE_MISSING, 400, { field: options.field });
  const problem = checkUpload(options.kind, file.filename, file.data, options.maxBytes);
  if (problem === 'EMPTY') throw new AppError(ErrorCodes.FILE_MISSING, 400, { field: options.field });
  if (problem === 'SIZE') throw new AppError(options.sizeCode ?? CODES[options.kind].size, 400, { field: options.field });
  if (problem === 'FORMAT') throw new AppError(CODES[options.kind].format, 400, { field: options.field });
  return { filename: file.filename, extension: extensionOf(file.filename) === 'jpeg' ? 'jpg' : extensionOf(file.filename), data: file.data, fields };
}
