import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A message as the test SMTP server received it, decoded enough for a test to read it. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Attached files (an `.ics`, say), decoded as text. */
  attachments: Array<{ filename: string; contentType: string; content: string }>;
  receivedAt: number;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`), as nodemailer writes non-ASCII subjects. */
function decodeHeaderValue(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Flattens a (possibly multipart) message into its leaf parts. */
function leavesOf(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leavesOf(parsePart(chunk.replace(/^\r?\n/, ''))));
}

export function parseMail(raw: string): ReceivedMail {
  const message = parsePart(raw);
  const leaves = leavesOf(message);
  const bodyOf = (type: string) => {
    const leaf = leaves.find((p) => (p.headers.get('content-type') ?? 'text/plain').startsWith(type));
    return leaf ? decodeBody(leaf.body, leaf.headers.get('content-transfer-encoding')?.toLowerCase()) : '';
  };
  const text = bodyOf('text/plain');
  return {
    to: (message.headers.get('to') ?? '').split(',').map((address) => address.trim().replace(/^.*<|>$/g, '')),
    subject: decodeHeaderValue(message.headers.get('subject') ?? ''),
    text,
    html: bodyOf('text/html'),
    links: [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])],
    attachments: leaves
      .filter((leaf) => /^attachment/i.test(leaf.headers.get('content-disposition') ?? ''))
      .map((leaf) => ({
        filename: /filename="?([^";]+)"?/i.exec(leaf.headers.get('content-disposition') ?? '')?.[1] ?? '',
        contentType: leaf.headers.get('content-type') ?? '',
        content: decodeBody(leaf.body, leaf.headers.get('content-transfer-encoding')?.toLowerCase()),
      })),
    receivedAt: Date.now(),
  };
}

export interface SmtpTestServer {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Waits for a message to `to` (received after `since`, if given). */
  waitForMail(to: string, options?: { since?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (no TLS, no authentication) that keeps what it receives; with `dir`, it also
 * writes each message as JSON there, for browser tests whose web server runs in another process.
 */
export async function startSmtpTestServer(
  options: { port?: number; dir?: string } = {},
): Promise<SmtpTestServer> {
  const mails: ReceivedMail[] = [];
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        mails.push(mail);
        if (options.dir) {
          const name = `${mail.receivedAt}-${mails.length}-${mail.to[0] ?? 'unknown'}.json`;
          const file = path.join(options.dir, name.replace(/[^a-z0-9@._-]/gi, '_'));
          // Written aside then renamed: a reader in another process (the browser tests) never sees half a mail.
          writeFileSync(`${file}.partial`, JSON.stringify(mail));
          renameSync(`${file}.partial`, file);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  async function waitForMail(to: string, { since = 0, timeoutMs = 10_000 } = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.find((mail) => mail.to.includes(to) && mail.receivedAt >= since);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Reads the messages a server started with `dir` wrote (browser tests). */
export function readMailDir(dir: string): ReceivedMail[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as ReceivedMail)
    .sort((a, b) => a.receivedAt - b.receivedAt);
}
