import { z } from './zod';
import { ZText } from './input';

/**
 * File storage, shared by the server (which answers with these codes) and the browser's uploader (which
 * reads them back). Seed section 8: codes are prefixed `storage/`; section 9: retry limits.
 */
export const STORAGE_ERROR_CODES = [
  'storage/object-not-found',
  'storage/unauthenticated',
  'storage/unauthorized',
  'storage/quota-exceeded',
  'storage/retry-limit-exceeded',
  'storage/canceled',
  'storage/invalid-argument',
  'storage/unknown',
] as const;
export type StorageErrorCode = (typeof STORAGE_ERROR_CODES)[number];

export const HTTP_STATUS_OF_STORAGE_CODE: Record<StorageErrorCode, number> = {
  'storage/object-not-found': 404,
  'storage/unauthenticated': 401,
  'storage/unauthorized': 403,
  'storage/quota-exceeded': 413,
  'storage/retry-limit-exceeded': 503,
  'storage/canceled': 499,
  'storage/invalid-argument': 400,
  'storage/unknown': 500,
};

/** Seed section 9: how long the client keeps retrying an operation, and an upload, before giving up. */
export const OPERATION_RETRY_LIMIT_MS = 120_000;
export const UPLOAD_RETRY_LIMIT_MS = 600_000;

/** Why a file was refused, for a precise translated message. */
export type StorageRefusal =
  | 'type'
  | 'size'
  | 'dimensions'
  /** A PDF with code or automatic actions (server/platform/pdf-check.ts). */
  | 'active-content'
  | 'empty'
  | 'permission'
  | 'purpose';

export interface StorageErrorBody {
  error: {
    code: StorageErrorCode;
    message: string;
    details?: { reason?: StorageRefusal; maxBytes?: number };
  };
}

export class StorageError extends Error {
  readonly code: StorageErrorCode;
  readonly reason: StorageRefusal | undefined;
  readonly maxBytes: number | undefined;

  constructor(code: StorageErrorCode, message?: string, details: StorageErrorBody['error']['details'] = {}) {
    super(message ?? code);
    this.name = 'StorageError';
    this.code = code;
    this.reason = details.reason;
    this.maxBytes = details.maxBytes;
  }

  get httpStatus(): number {
    return HTTP_STATUS_OF_STORAGE_CODE[this.code];
  }

  toBody(): StorageErrorBody {
    const details = { reason: this.reason, maxBytes: this.maxBytes };
    const hasDetails = this.reason !== undefined || this.maxBytes !== undefined;
    return { error: { code: this.code, message: this.message, ...(hasDetails ? { details } : {}) } };
  }
}

export function isStorageErrorCode(value: unknown): value is StorageErrorCode {
  return typeof value === 'string' && (STORAGE_ERROR_CODES as readonly string[]).includes(value);
}

/** Types recognised from a file's first bytes (never from its name). */
export const SNIFFED_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
] as const;
export type SniffedType = (typeof SNIFFED_TYPES)[number];

const MB = 1024 * 1024;

/** What each kind of upload may be; later features (photos, documents) add their line. */
export const FILE_PURPOSES = {
  avatar: { maxBytes: 5 * MB, types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] },
  /** Photos of spaces and rooms: shown publicly at /media/<key> once attached (server/features/spaces). */
  'space-photo': { maxBytes: 10 * MB, types: ['image/png', 'image/jpeg', 'image/webp'] },
  /** An ad's image: read by whoever may read its ad (server/platform/policy.ts, `mayReadAdImage`). */
  'ad-image': { maxBytes: 5 * MB, types: ['image/png', 'image/jpeg', 'image/webp'] },
  /** An event's cover: public at /media/<key> once its event is public; before, its space's managers. */
  'event-cover': { maxBytes: 10 * MB, types: ['image/png', 'image/jpeg', 'image/webp'] },
  /** A document a space shares with its members (a contract, house rules): server/features/invoices/documents. */
  'shared-document': {
    maxBytes: 20 * MB,
    types: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
  },
} as const satisfies Record<string, { maxBytes: number; types: readonly SniffedType[] }>;
export type FilePurpose = keyof typeof FILE_PURPOSES;

/** The upload purpose of space and room photos, which back-office attaches and /media serves. */
export const PHOTO_PURPOSE = 'space-photo' satisfies FilePurpose;

export function isFilePurpose(value: unknown): value is FilePurpose {
  return typeof value === 'string' && Object.hasOwn(FILE_PURPOSES, value);
}

/** Keys are random and URL-safe: `/api/files/<key>`. */
export const ZFileKey = ZText.regex(/^[A-Za-z0-9_-]{22}$/, 'fileKey');

export const ZUploadedFile = z.object({
  key: ZFileKey,
  url: z.string(),
  contentType: z.enum(SNIFFED_TYPES),
  size: z.number().int().positive(),
  fileName: z.string(),
});
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

export function fileUrlOf(key: string): string {
  return `/api/files/${key}`;
}
