import { crc32, deflateSync } from 'node:zlib';

/**
 * A real PNG drawn here (the demo photos are SVG, which uploads refuse): a diagonal gradient between two
 * colours, big enough to look like a picture in screenshots.
 */
export function gradientPng(
  width: number,
  height: number,
  from: [number, number, number],
  to: [number, number, number],
): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const mix = (x / width + y / height) / 2;
      for (let channel = 0; channel < 3; channel++) {
        rows[row + 1 + x * 3 + channel] = Math.round(from[channel]! + (to[channel]! - from[channel]!) * mix);
      }
    }
  }
  return pngFile(width, height, rows);
}

/** A PNG file (truecolour, 8 bits) of `width` × `height` whose image data is `rows` (raw scanlines). */
export function pngFile(width: number, height: number, rows: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
