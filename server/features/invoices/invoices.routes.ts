import { Hono } from 'hono';
import { z } from 'zod';
import { refineRange } from '#contract/date-range';
import { AppError } from '#contract/errors';
import { isUuid, ZCalendarDate } from '#contract/input';
import { fieldIssuesOf } from '../../platform/callables';
import { requireRight, requireSignedIn } from '../../platform/policy';
import { downloadHandler, type RequestContexts, type RequestEnv } from '../../platform/request-context';
import { accountingCsv } from '../../billing/accounting-export';
import { closingArchive } from '../../billing/closing-archive';
import { renderInvoicePdf } from '../../billing/invoice-pdf';
import { readableDocument } from './invoices.service';

const PDF_FILE = /^([0-9a-f-]{36})\.pdf$/;
const ARCHIVE_FILE = /^(\d{4}-(0[1-9]|1[0-2]))\.zip$/;
// Days that exist (PostgreSQL refuses 2027-02-31), within the dates the app accepts anywhere, in order.
const ZPeriod = z.object({ from: ZCalendarDate, to: ZCalendarDate }).superRefine(refineRange('from', 'to'));
const noSuchFile = () => new AppError('not-found', 'No such file');

/**
 * Downloads over plain GET (links on /documents and the invoicing page), each checking who asks:
 * - `/api/invoices/<id>.pdf`: an invoice or credit note, for its buyer or a manager of its space;
 * - `/api/invoicing/<spaceId>/export.csv?from=…&to=…`: the accountant's export, for its managers;
 * - `/api/invoicing/<spaceId>/closings/<YYYY-MM>.zip`: a closed month's archive, for its managers.
 * Anyone else is told it does not exist (server/platform/request-context.ts, `refusedDownload`).
 */
export function createInvoiceRoutes({ contextOf }: { contextOf: RequestContexts }) {
  const routes = new Hono<RequestEnv>();

  routes.get(
    '/invoices/:file',
    downloadHandler(contextOf, async (c, { ctx }) => {
      const id = PDF_FILE.exec(c.req.param('file') ?? '')?.[1];
      if (!isUuid(id)) throw noSuchFile();
      requireSignedIn(ctx.actor);
      const document = await readableDocument(ctx, id);
      const pdf = await renderInvoicePdf(document);
      const filename = `${document.invoice.number}.pdf`;
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    }),
  );

  routes.get(
    '/invoicing/:spaceId/export.csv',
    downloadHandler(contextOf, async (c, { ctx }) => {
      const spaceId = c.req.param('spaceId') ?? '';
      const period = ZPeriod.safeParse({ from: c.req.query('from'), to: c.req.query('to') });
      if (!period.success) {
        throw new AppError('invalid-argument', 'Invalid period', { fields: fieldIssuesOf(period.error) });
      }
      if (!isUuid(spaceId)) throw new AppError('invalid-argument', 'Invalid space');
      const { from, to } = period.data;
      requireSignedIn(ctx.actor);
      await requireRight(ctx, 'manage', spaceId);
      const csv = await accountingCsv(ctx.db, spaceId, from, to);
      const filename = `ecritures-${from}-${to}.csv`;
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
      });
    }),
  );

  routes.get(
    '/invoicing/:spaceId/closings/:file',
    downloadHandler(contextOf, async (c, { ctx }) => {
      const spaceId = c.req.param('spaceId') ?? '';
      const month = ARCHIVE_FILE.exec(c.req.param('file') ?? '')?.[1];
      if (!isUuid(spaceId) || !month) throw noSuchFile();
      requireSignedIn(ctx.actor);
      await requireRight(ctx, 'manage', spaceId);
      const archive = await closingArchive(ctx.db, spaceId, month);
      if (!archive) throw noSuchFile();
      return c.body(archive.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${archive.fileName}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    }),
  );

  return routes;
}
