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
import { implement } from '../../platform/callables';
import * as invoicing from './invoices.service';

/**
 * The invoicing API. A member reads their own invoices and billing details; owners and managers (and
 * admins) run their space's identity, payments, corrections, chain check and closing (checked in the service).
 */
export const invoicesCallables = [
  implement(getLegalIdentity, ({ spaceId }, ctx) => invoicing.getLegalIdentity(ctx, spaceId)),
  implement(updateLegalIdentity, (input, ctx) => invoicing.updateLegalIdentity(ctx, input)),
  implement(getBillingDetails, (_input, ctx) => invoicing.getBillingDetails(ctx)),
  implement(updateBillingDetails, (input, ctx) => invoicing.updateBillingDetails(ctx, input)),
  implement(listMyInvoices, ({ limit }, ctx) => invoicing.listMyInvoices(ctx, limit)),
  implement(listSpaceInvoices, (input, ctx) => invoicing.listSpaceInvoices(ctx, input)),
  implement(recordPayment, (input, ctx) => invoicing.recordPayment(ctx, input)),
  implement(creditInvoice, (input, ctx) => invoicing.creditInvoice(ctx, input)),
  implement(verifyChain, ({ spaceId }, ctx) => invoicing.verifyChain(ctx, spaceId)),
  implement(closeMonth, (input, ctx) => invoicing.closeMonth(ctx, input)),
];
