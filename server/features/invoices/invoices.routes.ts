import { Hono } from 'hono';
import { isAppError } from '#contract/errors';
import { isUuid, ZCalendarDate } from '#contract/input';
import type { Db } from '../../db/client';
import { requireRight, requireSignedIn } from '../../platform/policy';
import type { SessionReader } from '../../platform/session';
import { log } from '../../platform/log';
import { accountingCsv } from './accounting-export';
import { closingArchive } from './closing-archive';
import { renderInvoicePdf } from '../../platform/invoice-pdf';
import { readableDocument } from './invoices.service';

const PDF_FILE = /^([0-9a-f-]{36})\.pdf$/;
const ARCHIVE_FILE = /^(\d{4}-(0[1-9]|1[0-2]))\.zip$/;
// A day that exists (PostgreSQL refuses 2027-02-31), within the dates the app accepts anywhere.
const isDate = (value: string) => ZCalendarDate.safeParse(value).success;

/**
 * Downloads over plain GET (links on /documents and the invoicing page), each checking who asks:
 * - `/api/invoices/<id>.pdf`: an invoice or credit note, for its buyer or a manager of its space;
 * - `/api/invoicing/<spaceId>/export.csv?from=…&to=…`: the accountant's export, for its managers;
 * - `/api/invoicing/<spaceId>/closings/<YYYY-MM>.zip`: a closed month's archive, for its managers.
 * Anyone else is told it does not exist.
 */
export function createInvoiceRoutes(options: { db: Db; readSession: SessionReader; clock?: () => Date }) {
  const { db } = options;
  const clock = options.clock ?? (() => new Date());
  const routes = new Hono();
  const notFound = () =>
    new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const contextOf = async (headers: Headers) => {
    const actor = (await options.readSession(headers))?.user ?? null;
    return { db, actor, now: clock(), locale: 'fr' as const, log, requestId: null, clientAddress: null };
  };

  routes.get('/invoices/:file', async (c) => {
    const id = PDF_FILE.exec(c.req.param('file'))?.[1];
    if (!isUuid(id)) return notFound();
    const ctx = await contextOf(c.req.raw.headers);
    if (!ctx.actor) return c.text('Sign-in required', 401);
    let document;
    try {
      document = await readableDocument(ctx, id);
    } catch (error) {
      if (isAppError(error)) return notFound();
      throw error;
    }
    const pdf = await renderInvoicePdf(document);
    const filename = `${document.invoice.number}.pdf`;
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  routes.get('/invoicing/:spaceId/export.csv', async (c) => {
    const spaceId = c.req.param('spaceId');
    const from = c.req.query('from') ?? '';
    const to = c.req.query('to') ?? '';
    if (!isUuid(spaceId) || !isDate(from) || !isDate(to) || from > to) return c.text('Invalid period', 400);
    const ctx = await contextOf(c.req.raw.headers);
    try {
      requireSignedIn(ctx.actor);
      await requireRight(ctx, 'manage', spaceId);
    } catch (error) {
      if (isAppError(error))
        return error.code === 'unauthenticated' ? c.text('Sign-in required', 401) : notFound();
      throw error;
    }
    const csv = await accountingCsv(db, spaceId, from, to);
    const filename = `ecritures-${from}-${to}.csv`;
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    });
  });

  routes.get('/invoicing/:spaceId/closings/:file', async (c) => {
    const spaceId = c.req.param('spaceId');
    const month = ARCHIVE_FILE.exec(c.req.param('file'))?.[1];
    if (!isUuid(spaceId) || !month) return notFound();
    const ctx = await contextOf(c.req.raw.headers);
    try {
      requireSignedIn(ctx.actor);
      await requireRight(ctx, 'manage', spaceId);
    } catch (error) {
      if (isAppError(error))
        return error.code === 'unauthenticated' ? c.text('Sign-in required', 401) : notFound();
      throw error;
    }
    const archive = await closingArchive(db, spaceId, month);
    if (!archive) return notFound();
    return c.body(archive.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${archive.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return routes;
}
