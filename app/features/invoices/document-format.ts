import { numberFormat } from '#contract/intl';
import { intlLocaleOf } from '#contract/locale';
import type { SniffedType } from '#contract/storage';

/** A file's kind as people name it. */
const KIND_OF_TYPE: Record<SniffedType, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
};

/** "PDF · 120 ko", "PNG · 1,4 Mo" in the reader's language. */
export function describeFile(contentType: SniffedType, size: number, locale: string): string {
  const megabytes = size >= 1024 * 1024;
  const amount = numberFormat(intlLocaleOf(locale), {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(megabytes ? size / (1024 * 1024) : Math.max(1, size / 1024));
  return `${KIND_OF_TYPE[contentType]} · ${amount}`;
}
