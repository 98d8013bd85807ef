import { inflateSync } from 'node:zlib';
import { StorageError } from '#contract/storage';

/**
 * What a shared document may not contain (docs/decisions/029): code a PDF reader runs (`/JavaScript`,
 * `/JS`), actions it takes by itself or on a field (`/OpenAction`, `/AA`), programs it starts (`/Launch`),
 * files it carries (`/EmbeddedFile`), and interactive or multimedia forms (`/XFA`, `/RichMedia`). A
 * document a space shares is something to read and print: none of these is needed for that.
 */
const ACTIVE = /\/(JavaScript|JS|OpenAction|AA|Launch|EmbeddedFiles?|XFA|RichMedia)(?![A-Za-z0-9])/;
/** The start of a PDF: its version, `%PDF-1.0` to `%PDF-2.0`. */
const HEADER = /^%PDF-[12]\.\d/;
/** Where the end-of-file marker must be: in the last bytes (some writers add a little after it). */
const TAIL_BYTES = 1024;
/** An object stream, inflated to look inside, at most this large. */
const MAX_INFLATED_BYTES = 8 * 1024 * 1024;
const OBJECT_STREAM = /\/Type\s*\/ObjStm/g;
/** A stream's data (compressed pages, images): binary, where names are not, and looked at only as above. */
const STREAM_DATA = /stream\r?\n[\s\S]*?endstream/g;

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** Names with `#xx` escapes (`/J#61vaScript`) read as the name they spell. */
function unescapeNames(text: string): string {
  return text.replace(/#([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The contents of the PDF's object streams (where PDF 1.5 and later keep dictionaries, compressed), so
 * the names they hold are seen too. A stream that cannot be inflated within the bound is answered as
 * unreadable (null).
 */
function objectStreams(text: string, bytes: Uint8Array): string[] | null {
  const found: string[] = [];
  for (const match of text.matchAll(OBJECT_STREAM)) {
    const start = text.indexOf('stream', match.index);
    if (start < 0) return null;
    let from = start + 'stream'.length;
    if (text[from] === '\r') from++;
    if (text[from] === '\n') from++;
    const end = text.indexOf('endstream', from);
    if (end < 0) return null;
    try {
      found.push(latin1(inflateSync(bytes.subarray(from, end), { maxOutputLength: MAX_INFLATED_BYTES })));
    } catch {
      return null;
    }
  }
  return found;
}

/**
 * Refuses a file that claims to be a PDF (`%PDF-`) and is not a plain one: no version or no end marker
 * (HTML or anything else after `%PDF-`), active content in its objects or in its object streams, or
 * object streams that cannot be read. Served as an attachment in a sandbox anyway; this keeps members'
 * PDF readers from running what a document carries.
 */
export function checkPdf(bytes: Uint8Array): void {
  const text = latin1(bytes);
  const refuse = (message: string) =>
    new StorageError('storage/unauthorized', message, { reason: 'active-content' });
  if (!HEADER.test(text) || !text.slice(-TAIL_BYTES).includes('%%EOF')) {
    throw new StorageError('storage/unauthorized', 'This is not a PDF', { reason: 'type' });
  }
  const streams = objectStreams(text, bytes);
  if (!streams) throw refuse('This PDF cannot be checked');
  for (const part of [text.replace(STREAM_DATA, 'stream endstream'), ...streams]) {
    if (ACTIVE.test(unescapeNames(part))) throw refuse('This PDF carries active content');
  }
}
