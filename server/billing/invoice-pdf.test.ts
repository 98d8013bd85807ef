// @databases pglite
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { formatMoney } from '#contract/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseForFile } from '../../tests/support/test-database';
import { billingDetails } from '../db/schema/invoices';
import { issueCreditNote, issueInvoice, linesOf, type InvoiceRow } from './invoicing';
import { log } from '../platform/log';
import { systemContext, unitOfWork } from '../platform/service-context';
import { localInstant } from '../features/reservations/reservations.fixtures';
import { insertPerson, insertSpace } from '../db/factories.fixtures';
import { renderInvoicePdf } from './invoice-pdf';
import { setLegalIdentity } from '../features/invoices/invoices.fixtures';

/**
 * The invoice as a PDF/A-3 with Factur-X (docs/decisions/024): identified as PDF/A-3b with the Factur-X XMP
 * extension, fonts embedded, the CII XML attached with its AFRelationship, and the XML's business terms
 * present and consistent with the invoice, field by field.
 */
const NOW = new Date(localInstant('2027-03-10T10:00'));
const database = testDatabaseForFile();
let invoice: InvoiceRow;
let pdf: string;
let xml: string;
/** The invoice's page as text (poppler's pdftotext), as a reader sees it. */
let page: string;
let spaceId: string;

/** The text a PDF shows, read by poppler's pdftotext (the invoice's words as printed, not its source). */
function textOf(bytes: Buffer, name: string): string {
  const folder = process.env.INVOICE_PDF_DIR ?? mkdtempSync(join(tmpdir(), 'invoice-'));
  const file = join(folder, `${name}.pdf`);
  writeFileSync(file, bytes);
  // To look at them: INVOICE_PDF_DIR=/tmp/pdfs, then `pdftoppm -png` each.
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The factur-x.xml a PDF carries. */
const xmlOf = (bytes: Buffer) =>
  streamsOf(bytes)
    .find((stream) => stream.dictionary.includes('/Type /EmbeddedFile'))!
    .content.toString('utf8');

/** The streams of a PDF, inflated when compressed, with the dictionary before each. */
function streamsOf(bytes: Buffer): Array<{ dictionary: string; content: Buffer }> {
  const text = bytes.toString('latin1');
  const found: Array<{ dictionary: string; content: Buffer }> = [];
  const pattern = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    let content = bytes.subarray(start, end);
    if (match[1]!.includes('/FlateDecode')) content = inflateSync(content);
    found.push({ dictionary: match[1]!, content });
  }
  return found;
}

/** Every value of one element of the XML, in document order. */
const all = (tag: string, within = xml) =>
  [...within.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]!);
const one = (tag: string, within = xml) => all(tag, within)[0];
const cents = (value: string | undefined) => Math.round(Number(value) * 100);

beforeAll(async () => {
  spaceId = await insertSpace(database.db);
  await setLegalIdentity(database.db, spaceId);
  const buyer = await insertPerson(database.db, { locale: 'en', name: 'Ada Lovelace' });
  await database.db.insert(billingDetails).values({
    userId: buyer.id,
    name: 'Ada Lovelace',
    addressLine: '3 rue des Machines',
    postcode: '69001',
    city: 'Lyon',
    businessName: 'Analytical Engines SARL',
    siren: '987654321',
    vatNumber: 'FR12987654321',
  });
  invoice = (await unitOfWork(systemContext({ db: database.db, log, now: NOW }), (work) =>
    issueInvoice(
      work,
      {
        spaceId,
        buyerUserId: buyer.id,
        lines: [
          { label: 'Carnet 10 heures', quantity: 2, unitExclVatCents: 30000, vatRateBasisPoints: 2000 },
          {
            label: 'Café (formule)',
            quantity: 3,
            unitExclVatCents: 333,
            discountCents: 99,
            vatRateBasisPoints: 1000,
          },
          { label: 'Salle Parmentier — 1 h', quantity: 1, unitExclVatCents: 4550, vatRateBasisPoints: 2000 },
        ],
        serviceStart: '2027-03-10',
        serviceEnd: '2027-04-09',
      },
      'explicit',
    ),
  ))!;
  const bytes = await renderInvoicePdf({
    invoice,
    lines: await linesOf(database.db, invoice.id),
    credited: null,
  });
  // To look at it: INVOICE_PDF_OUT=/tmp/invoice.pdf, then `pdftoppm -png`.
  if (process.env.INVOICE_PDF_OUT) writeFileSync(process.env.INVOICE_PDF_OUT, bytes);
  pdf = bytes.toString('latin1');
  xml = xmlOf(bytes);
  page = textOf(bytes, 'invoice-business-en');
});

/** Issues and renders an invoice of `cents` excl. VAT to a new buyer in `locale` with these billing details. */
async function documentFor(
  locale: 'fr' | 'en',
  details: Partial<typeof billingDetails.$inferInsert> | null,
  cents = 2500,
) {
  const buyer = await insertPerson(database.db, { locale, name: 'Camille Martin' });
  if (details) await database.db.insert(billingDetails).values({ userId: buyer.id, ...details });
  const issued = (await unitOfWork(systemContext({ db: database.db, log, now: NOW }), (work) =>
    issueInvoice(
      work,
      {
        spaceId,
        buyerUserId: buyer.id,
        lines: [{ label: 'Pass journée', quantity: 1, unitExclVatCents: cents, vatRateBasisPoints: 2000 }],
        serviceStart: '2027-03-10',
        serviceEnd: '2027-03-10',
      },
      'explicit',
    ),
  ))!;
  const bytes = await renderInvoicePdf({
    invoice: issued,
    lines: await linesOf(database.db, issued.id),
    credited: null,
  });
  return { invoice: issued, xml: xmlOf(bytes), page: textOf(bytes, `invoice-${locale}-${issued.number}`) };
}

describe('the PDF', () => {
  it('is a PDF/A-3b with the Factur-X XMP extension in its metadata', () => {
    expect(pdf.startsWith('%PDF-1.7')).toBe(true);
    expect(pdf).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(pdf).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(pdf).toContain(
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
    );
    expect(pdf).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
    expect(pdf).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(pdf).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(pdf).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(pdf).toMatch(/\/OutputIntents/);
  });

  it('embeds its fonts and uses no standard font', () => {
    expect(pdf).toMatch(/\/FontFile2/);
    expect(pdf).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('attaches factur-x.xml as the alternative of the invoice, listed in the catalogue’s AF', () => {
    expect(pdf).toMatch(/\/Type \/Filespec[\s\S]*?\/AFRelationship \/Alternative/);
    expect(pdf).toMatch(/\/F \(factur-x\.xml\)/);
    expect(pdf).toMatch(/\/Type \/Catalog[\s\S]*?\/AF \[/);
    expect(pdf).toMatch(/\/Subtype \/text#2Fxml/);
  });
});

describe('the page’s mentions (issue 28)', () => {
  it('prints a business buyer’s address, SIREN, VAT number and the €40 recovery fee, in both languages', () => {
    expect(page).toContain('Analytical Engines SARL');
    expect(page).toContain('3 rue des Machines');
    expect(page).toContain('69001 Lyon');
    expect(page).toContain('SIREN 987654321');
    expect(page).toContain('VAT number: FR12987654321');
    expect(page).toContain('Fixed compensation for recovery costs: €40.');
    expect(page).toContain('Indemnité forfaitaire pour frais de recouvrement : 40 €');
  });

  it('writes each language’s numbers: “12.15%” in English, “12,15 %” in the French mentions', () => {
    expect(page).toContain('annual rate of 12.15%.');
    expect(page).toMatch(/pénalités au taux annuel de 12,15\s%\./u);
    expect(page).not.toContain('taux annuel de 12.15');
  });

  it('names a consumer with their address, without the business-only fee, in French with a decimal comma', async () => {
    const consumer = await documentFor('fr', {
      name: 'Camille Martin',
      addressLine: '8 rue de la Paix',
      postcode: '75002',
      city: 'Paris',
    });
    expect(consumer.page).toContain('8 rue de la Paix');
    expect(consumer.page).toContain('75002 Paris');
    expect(consumer.page).toMatch(/taux annuel de 12,15\s%\./u);
    expect(consumer.page).not.toContain('Indemnité forfaitaire');
    const buyer = consumer.xml.split('<ram:BuyerTradeParty>')[1]!.split('</ram:BuyerTradeParty>')[0]!;
    expect(one('ram:LineOne', buyer)).toBe('8 rue de la Paix');
    expect(one('ram:PostcodeCode', buyer)).toBe('75002');
    expect(one('ram:CityName', buyer)).toBe('Paris');
    expect(buyer).not.toContain('SpecifiedLegalOrganization');
    expect(consumer.xml).not.toContain('<ram:SubjectCode>PMT</ram:SubjectCode>');
  });
});

describe('the embedded EN 16931 XML', () => {
  it('names the document: number, type, issue date, guideline (BT-1, BT-3, BT-2, BT-24)', () => {
    expect(one('ram:ID', xml.split('<rsm:ExchangedDocument>')[1])).toBe(invoice.number);
    expect(one('ram:TypeCode')).toBe('380');
    expect(one('udt:DateTimeString')).toBe('20270310');
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(one('ram:InvoiceCurrencyCode')).toBe('EUR');
  });

  it('names the seller and the buyer with their identifiers (BT-27, BT-30, BT-31, BT-44, BT-47, BT-48)', () => {
    const seller = xml.split('<ram:SellerTradeParty>')[1]!.split('</ram:SellerTradeParty>')[0]!;
    const buyer = xml.split('<ram:BuyerTradeParty>')[1]!.split('</ram:BuyerTradeParty>')[0]!;
    expect(one('ram:Name', seller)).toBe('Escale Parmentier SAS');
    expect(seller).toContain('<ram:ID schemeID="0002">123456789</ram:ID>');
    expect(seller).toContain('<ram:ID schemeID="VA">FR32123456789</ram:ID>');
    expect(one('ram:CountryID', seller)).toBe('FR');
    expect(one('ram:Name', buyer)).toBe('Analytical Engines SARL');
    expect(buyer).toContain('<ram:ID schemeID="0002">987654321</ram:ID>');
    expect(buyer).toContain('<ram:ID schemeID="VA">FR12987654321</ram:ID>');
    expect(one('ram:CityName', buyer)).toBe('Lyon');
    // BG-8: the buyer's postal address, whole (BT-50, BT-53, BT-52, BT-55).
    expect(one('ram:LineOne', buyer)).toBe('3 rue des Machines');
    expect(one('ram:PostcodeCode', buyer)).toBe('69001');
    expect(one('ram:CountryID', buyer)).toBe('FR');
  });

  it('notes the page’s mentions in French: the €40 fee for a business, the penalty rate with a comma', () => {
    const notes = Object.fromEntries(
      xml
        .split('<ram:IncludedNote>')
        .slice(1)
        .map((note) => [one('ram:SubjectCode', note), one('ram:Content', note)]),
    );
    expect(notes.PMT).toBe(
      'Indemnité forfaitaire pour frais de recouvrement : 40 € (art. L441-10 du Code de commerce).',
    );
    expect(notes.AAB).toMatch(/^En cas de retard de paiement, pénalités au taux annuel de 12,15\s%\.$/u);
  });

  it('gives each line its quantity, net price and total, consistent with each other (BT-126…BT-152)', () => {
    const items = xml.split('<ram:IncludedSupplyChainTradeLineItem>').slice(1);
    expect(items).toHaveLength(3);
    const expected = [
      { id: '1', quantity: '2', price: 30000, discount: 0, total: 60000, rate: '20.00' },
      { id: '2', quantity: '3', price: 333, discount: 99, total: 900, rate: '10.00' },
      { id: '3', quantity: '1', price: 4550, discount: 0, total: 4550, rate: '20.00' },
    ];
    items.forEach((item, index) => {
      const want = expected[index]!;
      expect(one('ram:LineID', item)).toBe(want.id);
      expect(one('ram:BilledQuantity', item)).toBe(want.quantity);
      expect(cents(one('ram:ChargeAmount', item))).toBe(want.price);
      expect(cents(one('ram:ActualAmount', item) ?? '0')).toBe(want.discount);
      expect(cents(one('ram:LineTotalAmount', item))).toBe(want.total);
      expect(want.price * Number(want.quantity) - want.discount).toBe(want.total);
      expect(one('ram:RateApplicablePercent', item)).toBe(want.rate);
      expect(one('ram:CategoryCode', item)).toBe('S');
    });
  });

  it('breaks VAT down per rate: basis, rate and amount (BG-23)', () => {
    const settlement = xml.split('<ram:ApplicableHeaderTradeSettlement>')[1]!;
    const taxes = settlement.split('<ram:ApplicableTradeTax>').slice(1);
    const breakdown = taxes.map((tax) => ({
      basis: cents(one('ram:BasisAmount', tax)),
      vat: cents(one('ram:CalculatedAmount', tax)),
      rate: one('ram:RateApplicablePercent', tax),
    }));
    expect(breakdown).toEqual([
      { basis: 64550, vat: 12910, rate: '20.00' },
      { basis: 900, vat: 90, rate: '10.00' },
    ]);
    // VAT falls due on payment for services unless the seller opted for debits (BT-8 code 72).
    expect(one('ram:DueDateTypeCode', settlement)).toBe('72');
  });

  it('totals: lines, basis, VAT, grand total and amount due agree with the invoice (BT-106…BT-115)', () => {
    const summation = xml.split('<ram:SpecifiedTradeSettlementHeaderMonetarySummation>')[1]!;
    const lineTotals = all('ram:LineTotalAmount', xml.split('<ram:ApplicableHeaderTradeAgreement>')[0]).map(
      cents,
    );
    expect(cents(one('ram:LineTotalAmount', summation))).toBe(
      lineTotals.reduce((sum, value) => sum + value, 0),
    );
    expect(cents(one('ram:TaxBasisTotalAmount', summation))).toBe(invoice.exclVatCents);
    expect(cents(one('ram:TaxTotalAmount', summation))).toBe(invoice.vatCents);
    expect(cents(one('ram:GrandTotalAmount', summation))).toBe(invoice.totalCents);
    expect(cents(one('ram:DuePayableAmount', summation))).toBe(invoice.totalCents);
    expect(invoice).toMatchObject({ exclVatCents: 65450, vatCents: 13000, totalCents: 78450 });
    expect(one('ram:IBANID')).toBe('FR7630006000011234567890189');
    expect(xml).toContain(
      '<ram:DueDateDateTime><udt:DateTimeString format="102">20270409</udt:DateTimeString>',
    );
  });

  it('makes a credit note a type 381 referring to the invoice it corrects (BT-25)', async () => {
    const note = await unitOfWork(systemContext({ db: database.db, log, now: NOW }), (work) =>
      issueCreditNote(work, invoice, 'reservation-cancelled'),
    );
    const bytes = await renderInvoicePdf({
      invoice: note,
      lines: await linesOf(database.db, note.id),
      credited: invoice,
    });
    const noteXml = streamsOf(bytes)
      .find((stream) => stream.dictionary.includes('/Type /EmbeddedFile'))!
      .content.toString('utf8');
    expect(one('ram:TypeCode', noteXml)).toBe('381');
    expect(one('ram:IssuerAssignedID', noteXml)).toBe(invoice.number);
    expect(note.number).toMatch(/^A-2027-\d{6}$/);
    // It asks for no payment: no account to pay to, no payment terms nor penalties.
    expect(noteXml).not.toContain('<ram:IBANID>');
    expect(noteXml).not.toMatch(/<ram:SubjectCode>(PMD|PMT|AAB)<\/ram:SubjectCode>/);
    // The page reads as a credit: negative amounts, what it cancels, and nothing to pay.
    const notePage = textOf(bytes, 'credit-note-business-en');
    expect(notePage).toContain('Credit note');
    expect(notePage).toContain(formatMoney(-invoice.totalCents, 'en'));
    expect(notePage).toContain(`Nothing to pay: this credit note cancels invoice no. ${invoice.number}`);
    expect(notePage).not.toContain('IBAN');
    expect(notePage).not.toContain('Late payment');
    expect(notePage).not.toContain('recouvrement');
    // Issued under the mandate as a credit note, in the buyer's language and in the French mentions.
    expect(notePage).toContain('Credit note issued by Escale');
    expect(notePage).toContain('Avoir émis par Escale');
    expect(notePage).not.toContain('Invoice issued by');
    expect(notePage).not.toContain('Facture émise');
  });
});
