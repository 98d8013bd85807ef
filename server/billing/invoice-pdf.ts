import { intlLocaleOf, isLocale, DEFAULT_LOCALE, type Locale } from '#contract/locale';
import { formatMoney, formatVatRate } from '#contract/money';
import { mailTranslator } from '../platform/translations';
import type { TDirectDebitNotice } from '#contract/invoices';
import type { VatBreakdownEntry } from './amounts';
import type { InvoiceLineRow, InvoiceRow } from './invoicing';
import { isBusinessBuyer, type BuyerSnapshot, type SellerSnapshot } from './parties';
import { FACTUR_X_FILENAME, facturXXml } from './factur-x';
import { dateTimeFormat, numberFormat } from '#contract/intl';
import { loadPdfDocument, PDF_FONT_BOLD, PDF_FONT_REGULAR } from '../platform/pdf-kit';

/**
 * An invoice or credit note as a PDF/A-3b with its fonts embedded and its Factur-X XML (EN16931) attached
 * (`AFRelationship` Alternative, the Factur-X XMP extension in its metadata): pdfkit, chosen in
 * docs/decisions/024. Written in the buyer's language; the French legal mentions are always there.
 */

/** The XMP extension schema Factur-X readers look for (PDF/A-3 requires declaring it). */
function facturXXmp(conformance: string): string {
  return `
<rdf:Description xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" rdf:about="">
  <pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
    <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
    <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
    <pdfaSchema:prefix>fx</pdfaSchema:prefix>
    <pdfaSchema:property><rdf:Seq>
      <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentFileName</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The name of the embedded XML document</pdfaProperty:description></rdf:li>
      <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentType</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The type of the hybrid document in capital letters, e.g. INVOICE or ORDER</pdfaProperty:description></rdf:li>
      <rdf:li rdf:parseType="Resource"><pdfaProperty:name>Version</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The actual version of the standard applying to the embedded XML document</pdfaProperty:description></rdf:li>
      <rdf:li rdf:parseType="Resource"><pdfaProperty:name>ConformanceLevel</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The conformance level of the embedded XML document</pdfaProperty:description></rdf:li>
    </rdf:Seq></pdfaSchema:property>
  </rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>
<rdf:Description xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#" rdf:about="">
  <fx:DocumentType>INVOICE</fx:DocumentType>
  <fx:DocumentFileName>${FACTUR_X_FILENAME}</fx:DocumentFileName>
  <fx:Version>1.0</fx:Version>
  <fx:ConformanceLevel>${conformance}</fx:ConformanceLevel>
</rdf:Description>`;
}

const formatDate = (date: string, locale: Locale) =>
  dateTimeFormat(intlLocaleOf(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

export interface InvoiceDocument {
  invoice: InvoiceRow;
  lines: InvoiceLineRow[];
  credited: InvoiceRow | null;
  /** A SEPA debit collected for it and not yet settled: the PDF says when and from which account. */
  directDebit?: TDirectDebitNotice | null;
}

/** The PDF's bytes. Deterministic for one document (its dates are the invoice's own). */
export async function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const { invoice, lines, credited } = document;
  const locale: Locale = isLocale(invoice.locale) ? invoice.locale : DEFAULT_LOCALE;
  const t = mailTranslator(locale);
  const fr = mailTranslator('fr');
  const seller = invoice.seller as SellerSnapshot;
  const buyer = invoice.buyer as BuyerSnapshot;
  const breakdown = invoice.vatBreakdown as VatBreakdownEntry[];
  // A credit note reads as a credit: its amounts are negative (they are stored positive, as issued).
  const credit = invoice.kind === 'credit_note';
  const money = (cents: number) => formatMoney(credit ? -cents : cents, locale);
  const quantity = numberFormat(intlLocaleOf(locale), {});
  const title = `${t(`invoicePdf.title.${invoice.kind}`)} ${invoice.number}`;
  const PDFDocument = await loadPdfDocument();
  const pdf = new PDFDocument({
    size: 'A4',
    // A font of our own from the start: PDF/A embeds every font, so the standard Helvetica is never used.
    font: PDF_FONT_REGULAR,
    margin: 48,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    lang: intlLocaleOf(locale),
    displayTitle: true,
    info: {
      Title: title,
      Author: seller.legalName,
      Creator: 'Escale',
      Producer: 'Escale',
      CreationDate: invoice.issuedAt,
      ModDate: invoice.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', PDF_FONT_REGULAR);
  pdf.registerFont('bold', PDF_FONT_BOLD);

  const xml = Buffer.from(facturXXml(document), 'utf8');
  pdf.file(xml, {
    name: FACTUR_X_FILENAME,
    type: 'text/xml',
    description: 'Factur-X invoice (EN 16931)',
    creationDate: invoice.issuedAt,
    modifiedDate: invoice.issuedAt,
    relationship: 'Alternative',
  } as PDFKit.Mixins.PDFAttachmentOptions);
  pdf.appendXML(facturXXmp('EN 16931'));

  const left = 48;
  const width = pdf.page.width - 96;
  pdf
    .font('bold')
    .fontSize(20)
    .text(t(`invoicePdf.title.${invoice.kind}`), left, 48);
  pdf.font('regular').fontSize(10);
  pdf.text(t('invoicePdf.number', { number: invoice.number }));
  pdf.text(t('invoicePdf.issueDate', { date: formatDate(invoice.issueDate, locale) }));
  pdf.text(
    invoice.serviceStart === invoice.serviceEnd
      ? t('invoicePdf.serviceDate', { date: formatDate(invoice.serviceStart, locale) })
      : t('invoicePdf.servicePeriod', {
          start: formatDate(invoice.serviceStart, locale),
          end: formatDate(invoice.serviceEnd, locale),
        }),
  );
  if (invoice.kind === 'invoice')
    pdf.text(t('invoicePdf.dueDate', { date: formatDate(invoice.dueDate, locale) }));
  if (credited) {
    pdf.text(
      t('invoicePdf.creditedInvoice', {
        number: credited.number,
        date: formatDate(credited.issueDate, locale),
      }),
    );
    if (invoice.reason)
      pdf.text(
        t('invoicePdf.reason', {
          reason: t(`invoicePdf.reasons.${invoice.reason}`, { defaultValue: invoice.reason }),
        }),
      );
  }

  // Seller and buyer side by side.
  const top = pdf.y + 14;
  const column = width / 2 - 8;
  const sellerLines = [
    seller.legalName,
    seller.legalForm && seller.shareCapitalCents !== null
      ? t('invoicePdf.capital', {
          form: seller.legalForm,
          capital: formatMoney(seller.shareCapitalCents, locale),
        })
      : seller.legalForm,
    seller.addressLine,
    `${seller.postcode} ${seller.city}`,
    t('invoicePdf.siren', { siren: seller.siren, siret: seller.siret }),
    seller.rcsCity ? t('invoicePdf.rcs', { city: seller.rcsCity, siren: seller.siren }) : '',
    seller.vatNumber ? t('invoicePdf.vatNumber', { vat: seller.vatNumber }) : '',
  ].filter(Boolean);
  const buyerLines = [
    buyer.businessName,
    buyer.name,
    buyer.addressLine,
    `${buyer.postcode} ${buyer.city}`.trim(),
    buyer.country && buyer.country !== 'FR' && (buyer.addressLine || buyer.city)
      ? (new Intl.DisplayNames([intlLocaleOf(locale)], { type: 'region' }).of(buyer.country) ?? buyer.country)
      : '',
    buyer.siren ? t('invoicePdf.buyerSiren', { siren: buyer.siren }) : '',
    buyer.vatNumber ? t('invoicePdf.vatNumber', { vat: buyer.vatNumber }) : '',
  ].filter(Boolean);
  pdf.font('bold').text(t('invoicePdf.seller'), left, top, { width: column });
  pdf.font('regular').text(sellerLines.join('\n'), { width: column });
  const sellerBottom = pdf.y;
  pdf.font('bold').text(t('invoicePdf.buyer'), left + column + 16, top, { width: column });
  pdf.font('regular').text(buyerLines.join('\n'), { width: column });
  pdf.y = Math.max(sellerBottom, pdf.y) + 16;

  // Lines.
  const columns = [
    { key: 'description', width: width * 0.4, align: 'left' as const },
    { key: 'quantity', width: width * 0.08, align: 'right' as const },
    { key: 'unitPrice', width: width * 0.16, align: 'right' as const },
    { key: 'vatRate', width: width * 0.1, align: 'right' as const },
    { key: 'discount', width: width * 0.1, align: 'right' as const },
    { key: 'total', width: width * 0.16, align: 'right' as const },
  ];
  const row = (cells: string[], font: 'regular' | 'bold') => {
    const y = pdf.y;
    let x = left;
    let bottom = y;
    pdf.font(font).fontSize(9);
    cells.forEach((cell, index) => {
      const spec = columns[index]!;
      pdf.text(cell, x, y, { width: spec.width - 4, align: spec.align });
      bottom = Math.max(bottom, pdf.y);
      x += spec.width;
    });
    pdf.y = bottom + 4;
  };
  row(
    columns.map((spec) => t(`invoicePdf.columns.${spec.key}`)),
    'bold',
  );
  pdf
    .moveTo(left, pdf.y)
    .lineTo(left + width, pdf.y)
    .stroke();
  pdf.y += 4;
  for (const line of lines)
    row(
      [
        line.label,
        quantity.format(line.quantity),
        money(line.unitExclVatCents),
        formatVatRate(line.vatRateBasisPoints, locale),
        line.discountCents ? money(line.discountCents) : '—',
        money(line.exclVatCents),
      ],
      'regular',
    );
  pdf
    .moveTo(left, pdf.y)
    .lineTo(left + width, pdf.y)
    .stroke();
  pdf.y += 8;

  // VAT per rate, then totals.
  const totalsX = left + width * 0.4;
  const totalsWidth = width * 0.6;
  const pair = (label: string, value: string, font: 'regular' | 'bold' = 'regular') => {
    const y = pdf.y;
    pdf
      .font(font)
      .fontSize(10)
      .text(label, totalsX, y, { width: totalsWidth * 0.7 });
    const bottom = pdf.y;
    pdf.text(value, totalsX + totalsWidth * 0.7, y, { width: totalsWidth * 0.3, align: 'right' });
    pdf.y = Math.max(bottom, pdf.y);
  };
  for (const entry of breakdown)
    pair(
      t('invoicePdf.vatLine', {
        rate: formatVatRate(entry.rateBasisPoints, locale),
        basis: money(entry.basisCents),
      }),
      money(entry.vatCents),
    );
  pair(t('invoicePdf.totalExclVat'), money(invoice.exclVatCents));
  pair(t('invoicePdf.totalVat'), money(invoice.vatCents));
  pair(t(credit ? 'invoicePdf.totalCredited' : 'invoicePdf.totalInclVat'), money(invoice.totalCents), 'bold');
  pdf.y += 12;
  if (credited) {
    pdf
      .font('bold')
      .fontSize(10)
      .text(t('invoicePdf.creditNotice', { number: credited.number }), left, pdf.y, { width });
    pdf.y += 8;
  }

  // Mentions: in the buyer's language, and in French whatever the language, each with its own numbers
  // ("12,15 %" in French). A credit note asks for no payment: no terms, penalties nor bank details.
  const mentions = (translate: typeof t, language: Locale) =>
    [
      translate('invoicePdf.operation'),
      seller.vatRegime === 'franchise' ? translate('invoicePdf.franchise') : '',
      seller.vatOnDebits ? translate('invoicePdf.vatOnDebits') : '',
      ...(credit
        ? []
        : [
            translate('invoicePdf.noDiscount'),
            translate('invoicePdf.latePenalty', {
              rate: formatVatRate(seller.latePaymentRateBasisPoints, language),
            }),
            isBusinessBuyer(buyer) ? translate('invoicePdf.recoveryFee') : '',
            seller.iban ? translate('invoicePdf.bank', { iban: seller.iban, bic: seller.bic }) : '',
            document.directDebit
              ? translate('invoicePdf.directDebit', {
                  date: formatDate(document.directDebit.collectionDate, language),
                  iban: document.directDebit.maskedIban,
                  reference: document.directDebit.reference,
                })
              : '',
          ]),
      translate(credit ? 'invoicePdf.mandateCreditNote' : 'invoicePdf.mandate', { name: seller.legalName }),
    ].filter(Boolean);
  pdf.font('regular').fontSize(8.5);
  pdf.text(mentions(t, locale).join('\n'), left, pdf.y, { width });
  if (locale !== 'fr') {
    pdf.moveDown(0.5);
    pdf.text(mentions(fr, 'fr').join('\n'), { width });
  }
  pdf.moveDown(0.5);
  pdf.fontSize(7).text(t('invoicePdf.footprint', { footprint: invoice.footprint }), { width });
  pdf.end();
  return done;
}
