import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text assets worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|html|map)$/;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotli: number;
  gzip: number;
}

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) beside every text asset under `dir`, each
 * only when smaller than the file, so the server sends them as they are (server/app.ts, `precompressed`).
 * Done once at build time: the best levels cost seconds here and nothing per request.
 */
export function precompressAssets(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    result.files++;
    result.bytes += content.length;
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
    result.brotli += Math.min(brotli.length, content.length);
    result.gzip += Math.min(gzip.length, content.length);
  }
  return result;
}
