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
import { implementByName } from '../../platform/callables';
import * as content from './site-content.service';

/** The FAQ's and the partners page's API: reading for everyone, writing for admins (`access: 'admin'`). */
export const siteContentCallables = implementByName(content, {
  getFaq,
  getPartners,
  listFaqForAdmin,
  createFaqEntry,
  updateFaqEntry,
  deleteFaqEntry,
  listPartnersForAdmin,
  createPartner,
  updatePartner,
  deletePartner,
});
