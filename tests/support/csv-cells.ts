/**
 * The cells of a CSV the app writes (server/platform/csv.ts): a byte-order mark, `;` between cells, CRLF
 * line ends, quoted cells with their quotes doubled and line breaks inside. For tests that read a file back
 * (the database tests and the browser tests alike); it throws on a file that is not in that format.
 */
export function csvCells(text: string): string[][] {
  if (!text.startsWith('\uFEFF')) throw new Error('A CSV of the app starts with a byte-order mark');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length) throw new Error('A CSV of the app ends its last line with CRLF');
  return rows;
}
