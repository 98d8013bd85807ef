import { eq } from 'drizzle-orm';
import { createSharedDocument } from '../features/invoices/documents.service';
import type { SavePhotoFile } from './seed-spaces';
import { createLogger } from '../platform/log';
import { systemContext } from '../platform/service-context';
import type { Db } from '../db/client';
import { users } from '../db/schema/auth';
import { spaces } from '../db/schema/spaces';
import { saveDemoFile } from './demo-files';
import { intlLocaleOf } from '#contract/locale';
import { loadPdfDocument, PDF_FONT_BOLD, PDF_FONT_REGULAR } from '../platform/pdf-kit';

const TITLE = 'Règlement intérieur';

const RULES = [
  'Les espaces sont ouverts aux membres aux horaires affichés sur la page d’Acme Coworking.',
  'Les salles se réservent sur Escale ; une salle libérée est annulée pour laisser la place aux autres.',
  'Les appels se passent dans les cabines téléphoniques, l’open space reste calme.',
  'La cuisine est partagée : chacun lave sa vaisselle et vide le réfrigérateur le vendredi.',
  'Les invités sont accueillis à la réception et accompagnés par le membre qui les reçoit.',
];

/** The house rules as a small PDF, made at seed time (pdfkit and the DejaVu font invoices use). */
export async function houseRulesPdf(): Promise<Buffer> {
  const PDFDocument = await loadPdfDocument();
  const pdf = new PDFDocument({
    size: 'A4',
    font: PDF_FONT_REGULAR,
    margin: 56,
    lang: intlLocaleOf('fr'),
    displayTitle: true,
    info: { Title: `${TITLE} · Acme Coworking`, Author: 'Acme Coworking', Creator: 'Escale' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.font(PDF_FONT_BOLD).fontSize(20).text(`${TITLE} · Acme Coworking`);
  pdf.moveDown();
  pdf.font(PDF_FONT_REGULAR).fontSize(11);
  for (const [index, rule] of RULES.entries()) pdf.text(`${index + 1}. ${rule}`).moveDown(0.5);
  pdf.end();
  return done;
}

/**
 * Acme's house rules, shared with all its members (so the demo member sees them on /documents): the
 * manager's upload is attached through the documents service, as the manager would, so its guards hold
 * and the activity log names it. Needs the file store (`save`); without it there is no document.
 */
export async function seedDemoDocuments(
  db: Db,
  now: Date = new Date(),
  save?: SavePhotoFile,
): Promise<number> {
  if (!save) return 0;
  const [acme] = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(eq(spaces.slug, 'acme-coworking-paris'));
  const [manager] = await db.select().from(users).where(eq(users.email, 'gerant@escale.test'));
  if (!acme || !manager) return 0;
  const fileKey = await saveDemoFile(
    db,
    save,
    { bytes: await houseRulesPdf(), contentType: 'application/pdf', fileName: 'reglement-interieur.pdf' },
    { purpose: 'shared-document', ownerId: manager.id },
  );
  if (!fileKey) return 0;
  const ctx = {
    ...systemContext({ db, log: createLogger({ seed: 'demo-documents' }), now }),
    actor: {
      id: manager.id,
      email: manager.email,
      name: manager.name,
      emailVerified: manager.emailVerified,
      isAdmin: manager.isAdmin,
      locale: null,
      image: null,
    },
  };
  await createSharedDocument(ctx, { spaceId: acme.id, fileKey, title: TITLE, share: { audience: 'space' } });
  return 1;
}
