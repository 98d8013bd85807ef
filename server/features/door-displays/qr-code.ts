import { encode } from 'uqr';

/**
 * A QR code as one SVG path (a unit square per dark module, quiet zone included): drawn by the server, so the
 * display page carries no QR library. Error correction M (15 %): a tablet's glare or a smudge still scans.
 */
export function qrCodePath(text: string): { size: number; path: string } {
  const { size, data } = encode(text, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x++;
        continue;
      }
      // One rectangle per run of dark modules on a row: a shorter path than a square each.
      const start = x;
      while (x < size && row[x]) x++;
      path += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  });
  return { size, path };
}
