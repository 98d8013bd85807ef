import {
  closeMonth,
  creditInvoice,
  getBillingDetails,
  getLegalIdentity,
  listMyInvoices,
  listSpaceInvoices,
  countUnpaidInvoices,
  recordPayment,
  updateBillingDetails,
  updateLegalIdentity,
  verifyChain,
} from '#contract/invoices';
import {
  acknowledgeDocument,
  createSharedDocument,
  listMySharedDocuments,
  listSpaceDocuments,
  revokeDocumentShare,
  shareDocument,
} from '#contract/documents';
import { implement } from '../../platform/callables';
import * as documents from './documents.service';
import * as invoicing from './invoices.service';

/**
 * The invoicing API. A member reads their own invoices and billing details; owners and managers (and
 * admins) run their space's identity, payments, corrections, chain check and closing (checked in the service).
 * The documents a space shares: its managers upload, share and revoke; members list and acknowledge them.
 */
export const invoicesCallables = [
  implement(getLegalIdentity, ({ spaceId }, ctx) => invoicing.getLegalIdentity(ctx, spaceId)),
  implement(updateLegalIdentity, (input, ctx) => invoicing.updateLegalIdentity(ctx, input)),
  implement(getBillingDetails, (_input, ctx) => invoicing.getBillingDetails(ctx)),
  implement(updateBillingDetails, (input, ctx) => invoicing.updateBillingDetails(ctx, input)),
  implement(listMyInvoices, (input, ctx) => invoicing.listMyInvoices(ctx, input)),
  implement(countUnpaidInvoices, ({ spaceId }, ctx) => invoicing.countUnpaidInvoices(ctx, spaceId)),
  implement(listSpaceInvoices, (input, ctx) => invoicing.listSpaceInvoices(ctx, input)),
  implement(recordPayment, (input, ctx) => invoicing.recordPayment(ctx, input)),
  implement(creditInvoice, (input, ctx) => invoicing.creditInvoice(ctx, input)),
  implement(verifyChain, ({ spaceId }, ctx) => invoicing.verifyChain(ctx, spaceId)),
  implement(closeMonth, (input, ctx) => invoicing.closeMonth(ctx, input)),
  implement(listMySharedDocuments, (_input, ctx) => documents.listMySharedDocuments(ctx)),
  implement(listSpaceDocuments, ({ spaceId }, ctx) => documents.listSpaceDocuments(ctx, spaceId)),
  implement(createSharedDocument, (input, ctx) => documents.createSharedDocument(ctx, input)),
  implement(shareDocument, (input, ctx) => documents.shareDocument(ctx, input)),
  implement(revokeDocumentShare, ({ shareId }, ctx) => documents.revokeDocumentShare(ctx, shareId)),
  implement(acknowledgeDocument, ({ documentId }, ctx) => documents.acknowledgeDocument(ctx, documentId)),
];
