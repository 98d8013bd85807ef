import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/** The fonts of every PDF we make (DejaVu: PDF/A embeds its fonts, and it covers French and English). */
export const PDF_FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
export const PDF_FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

let loaded: Promise<typeof PDFDocument> | undefined;

/**
 * pdfkit's document class, loaded with the first PDF made: pdfkit and its font machinery are several MiB of
 * heap (and more resident) that a process making no PDF (most requests) then never carries
 * (docs/decisions/036).
 */
export function loadPdfDocument(): Promise<typeof PDFDocument> {
  return (loaded ??= import('pdfkit').then((pdfkit) => pdfkit.default as typeof PDFDocument));
}
