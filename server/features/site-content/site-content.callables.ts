import {
  createFaqEntry,
  createPartner,
  deleteFaqEntry,
  deletePartner,
  getFaq,
  getPartners,
  listFaqForAdmin,
  listPartnersForAdmin,
  updateFaqEntry,
  updatePartner,
} from '#contract/site-content';
import { implement } from '../../platform/callables';
import * as content from './site-content.service';

/** The FAQ's and the partners page's API: reading for everyone, writing for admins (`access: 'admin'`). */
export const siteContentCallables = [
  implement(getFaq, (input, ctx) => content.getFaq(ctx, input)),
  implement(getPartners, (input, ctx) => content.getPartners(ctx, input)),
  implement(listFaqForAdmin, (_input, ctx) => content.listFaqForAdmin(ctx)),
  implement(createFaqEntry, (input, ctx) => content.createFaqEntry(ctx, input)),
  implement(updateFaqEntry, (input, ctx) => content.updateFaqEntry(ctx, input)),
  implement(deleteFaqEntry, (input, ctx) => content.deleteFaqEntry(ctx, input)),
  implement(listPartnersForAdmin, (_input, ctx) => content.listPartnersForAdmin(ctx)),
  implement(createPartner, (input, ctx) => content.createPartner(ctx, input)),
  implement(updatePartner, (input, ctx) => content.updatePartner(ctx, input)),
  implement(deletePartner, (input, ctx) => content.deletePartner(ctx, input)),
];
