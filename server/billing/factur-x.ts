import type { VatBreakdownEntry } from './amounts';
import type { InvoiceLineRow, InvoiceRow } from './invoicing';
import { isBusinessBuyer, type BuyerSnapshot, type SellerSnapshot } from './parties';
import { decimalOf, formatVatRate } from '#contract/money';
import { mailTranslator } from '../platform/translations';

/**
 * The EN 16931 invoice in UN/CEFACT CII (Factur-X profile EN16931), embedded in each PDF. Business terms
 * (BT-…) are named beside the elements that carry them; element order follows the CII schema.
 */

export const FACTUR_X_FILENAME = 'factur-x.xml';
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';
export const FRANCHISE_MENTION = 'TVA non applicable, art. 293 B du CGI';
/** The notes say what the page's French mentions say, in their words (locales/fr/mail.json). */
const fr = mailTranslator('fr');

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!,
  );
/** Cents as a CII amount: `12345` → `123.45`. */
export const amount = (cents: number) => decimalOf(cents);
/** Basis points as a CII percent: `550` → `5.50`. */
const percent = (basisPoints: number) => decimalOf(basisPoints);
const day = (date: string) =>
  `<udt:DateTimeString format="102">${date.replaceAll('-', '')}</udt:DateTimeString>`;
const text = (tag: string, value: string | null | undefined) =>
  value && value.trim() !== '' ? `<${tag}>${escapeXml(value)}</${tag}>` : '';

/** S: standard rate; E: exempt (franchise en base); Z: zero rate otherwise. */
function categoryOf(rateBasisPoints: number, seller: SellerSnapshot): 'S' | 'E' | 'Z' {
  if (seller.vatRegime === 'franchise') return 'E';
  return rateBasisPoints > 0 ? 'S' : 'Z';
}

function address(party: { addressLine: string; postcode: string; city: string; country: string }) {
  return `<ram:PostalTradeAddress>${text('ram:PostcodeCode', party.postcode)}${text('ram:LineOne', party.addressLine)}${text('ram:CityName', party.city)}<ram:CountryID>${escapeXml(party.country || 'FR')}</ram:CountryID></ram:PostalTradeAddress>`;
}

function taxRegistration(vatNumber: string) {
  return vatNumber
    ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${escapeXml(vatNumber)}</ram:ID></ram:SpecifiedTaxRegistration>`
    : '';
}

function legalOrganization(siren: string) {
  return siren
    ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${escapeXml(siren)}</ram:ID></ram:SpecifiedLegalOrganization>`
    : '';
}

export function facturXXml(document: {
  invoice: InvoiceRow;
  lines: InvoiceLineRow[];
  credited: InvoiceRow | null;
}): string {
  const { invoice, lines, credited } = document;
  const seller = invoice.seller as SellerSnapshot;
  const buyer = invoice.buyer as BuyerSnapshot;
  const breakdown = invoice.vatBreakdown as VatBreakdownEntry[];
  const credit = invoice.kind === 'credit_note';
  const typeCode = credit ? '381' : '380';
  // The same mentions as the page: payment terms on an invoice only, the €40 fee for a business buyer.
  const notes = [
    [
      'REG',
      `${seller.legalName}, ${seller.legalForm}${seller.rcsCity ? `, RCS ${seller.rcsCity} ${seller.siren}` : ''}`,
    ],
    ...(credit
      ? []
      : [
          ['PMD', fr('invoicePdf.noDiscount')],
          ...(isBusinessBuyer(buyer) ? [['PMT', fr('invoicePdf.recoveryFee')]] : []),
          [
            'AAB',
            fr('invoicePdf.latePenalty', { rate: formatVatRate(seller.latePaymentRateBasisPoints, 'fr') }),
          ],
        ]),
  ];
  const lineItems = lines
    .map((line) => {
      const category = categoryOf(line.vatRateBasisPoints, seller);
      const allowance =
        line.discountCents > 0
          ? `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>${amount(line.discountCents)}</ram:ActualAmount></ram:SpecifiedTradeAllowanceCharge>`
          : '';
      return `<ram:IncludedSupplyChainTradeLineItem>
<ram:AssociatedDocumentLineDocument><ram:LineID>${line.position}</ram:LineID></ram:AssociatedDocumentLineDocument>
<ram:SpecifiedTradeProduct><ram:Name>${escapeXml(line.label)}</ram:Name></ram:SpecifiedTradeProduct>
<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${amount(line.unitExclVatCents)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${line.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
<ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${category}</ram:CategoryCode><ram:RateApplicablePercent>${percent(line.vatRateBasisPoints)}</ram:RateApplicablePercent></ram:ApplicableTradeTax>${allowance}<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(line.exclVatCents)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>
</ram:IncludedSupplyChainTradeLineItem>`;
    })
    .join('\n');
  const taxes = breakdown
    .map((entry) => {
      const category = categoryOf(entry.rateBasisPoints, seller);
      const exemption =
        category === 'E' ? `<ram:ExemptionReason>${FRANCHISE_MENTION}</ram:ExemptionReason>` : '';
      // BT-8: VAT falls due when paid (services), or at the invoice date when the seller opted for debits.
      const dueCode =
        category === 'S'
          ? `<ram:DueDateTypeCode>${seller.vatOnDebits ? '5' : '72'}</ram:DueDateTypeCode>`
          : '';
      return `<ram:ApplicableTradeTax><ram:CalculatedAmount>${amount(entry.vatCents)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>${exemption}<ram:BasisAmount>${amount(entry.basisCents)}</ram:BasisAmount><ram:CategoryCode>${category}</ram:CategoryCode>${dueCode}<ram:RateApplicablePercent>${percent(entry.rateBasisPoints)}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`;
    })
    .join('\n');
  // The document as issued: what was paid later is not part of it (the PDF never changes).
  const prepaid = 0;
  // A credit note asks for no payment: no account to pay to, no terms but its date.
  const paymentMeans =
    seller.iban && !credit
      ? `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${escapeXml(seller.iban)}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>`
      : '';
  const reference = credited
    ? `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${escapeXml(credited.number)}</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${credited.issueDate.replaceAll('-', '')}</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${EN16931_GUIDELINE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>${escapeXml(invoice.number)}</ram:ID><ram:TypeCode>${typeCode}</ram:TypeCode><ram:IssueDateTime>${day(invoice.issueDate)}</ram:IssueDateTime>${notes
    .map(
      ([code, note]) =>
        `<ram:IncludedNote><ram:Content>${escapeXml(note!)}</ram:Content><ram:SubjectCode>${code}</ram:SubjectCode></ram:IncludedNote>`,
    )
    .join('')}</rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction>
${lineItems}
<ram:ApplicableHeaderTradeAgreement>
<ram:SellerTradeParty><ram:Name>${escapeXml(seller.legalName)}</ram:Name>${legalOrganization(seller.siren)}${address(seller)}${taxRegistration(seller.vatNumber)}</ram:SellerTradeParty>
<ram:BuyerTradeParty><ram:Name>${escapeXml(buyer.businessName || buyer.name)}</ram:Name>${legalOrganization(buyer.siren)}${address(buyer)}${taxRegistration(buyer.vatNumber)}</ram:BuyerTradeParty>
</ram:ApplicableHeaderTradeAgreement>
<ram:ApplicableHeaderTradeDelivery><ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime>${day(invoice.serviceStart)}</ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent></ram:ApplicableHeaderTradeDelivery>
<ram:ApplicableHeaderTradeSettlement>
<ram:InvoiceCurrencyCode>${invoice.currency}</ram:InvoiceCurrencyCode>
${paymentMeans}
${taxes}
<ram:BillingSpecifiedPeriod><ram:StartDateTime>${day(invoice.serviceStart)}</ram:StartDateTime><ram:EndDateTime>${day(invoice.serviceEnd)}</ram:EndDateTime></ram:BillingSpecifiedPeriod>
<ram:SpecifiedTradePaymentTerms>${credit ? '' : `<ram:Description>${escapeXml(fr('invoicePdf.noDiscount'))}</ram:Description>`}<ram:DueDateDateTime>${day(invoice.dueDate)}</ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${amount(lines.reduce((sum, line) => sum + line.exclVatCents, 0))}</ram:LineTotalAmount><ram:TaxBasisTotalAmount>${amount(invoice.exclVatCents)}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="${invoice.currency}">${amount(invoice.vatCents)}</ram:TaxTotalAmount><ram:GrandTotalAmount>${amount(invoice.totalCents)}</ram:GrandTotalAmount><ram:TotalPrepaidAmount>${amount(prepaid)}</ram:TotalPrepaidAmount><ram:DuePayableAmount>${amount(invoice.totalCents - prepaid)}</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
${reference}
</ram:ApplicableHeaderTradeSettlement>
</rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}
