import {
  closeMonth,
  creditInvoice,
  getBillingDetails,
  getLegalIdentity,
  listMyInvoices,
  listSpaceInvoices,
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
import { implement, implementByName } from '../../platform/callables';
import * as documents from './documents.service';
import * as invoicing from './invoices.service';

/**
 * The invoicing API. A member reads their own invoices and billing details; owners and managers (and
 * admins) run their space's identity, payments, corrections, chain check and closing (checked in the service).
 * The documents a space shares: its managers upload, share and revoke; members list and acknowledge them.
 */
export const invoicesCallables = [
  ...implementByName(invoicing, {
    updateLegalIdentity,
    getBillingDetails,
    updateBillingDetails,
    listMyInvoices,
    listSpaceInvoices,
    recordPayment,
    creditInvoice,
    closeMonth,
  }),
  implement(getLegalIdentity, ({ spaceId }, ctx) => invoicing.getLegalIdentity(ctx, spaceId)),
  implement(verifyChain, ({ spaceId }, ctx) => invoicing.verifyChain(ctx, spaceId)),
  ...implementByName(documents, { listMySharedDocuments, createSharedDocument, shareDocument }),
  implement(listSpaceDocuments, ({ spaceId }, ctx) => documents.listSpaceDocuments(ctx, spaceId)),
  implement(revokeDocumentShare, ({ shareId }, ctx) => documents.revokeDocumentShare(ctx, shareId)),
  implement(acknowledgeDocument, ({ documentId }, ctx) => documents.acknowledgeDocument(ctx, documentId)),
];
