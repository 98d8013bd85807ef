import {
  adjustCredits,
  buyFormula,
  cancelPlan,
  createFormula,
  endPause,
  getCreditOption,
  getFormula,
  listManagedFormulas,
  listMyLedger,
  listMyPlans,
  listSpaceFormulas,
  listSpacePlans,
  markOrderPaid,
  pausePlan,
  previewPause,
  setFormulaArchived,
  updateFormula,
  updateSalesSettings,
} from '#contract/formulas';
import { implement, implementByName } from '../../platform/callables';
import * as catalogue from './formulas.service';
import * as pauses from './pauses.service';
import * as changes from './plan-changes.service';
import * as reads from './plan-reads.service';
import * as holdings from './plans.service';

/**
 * The formulas and plans API. Public reads of the catalogue; the rest checks in the service who asks: a
 * member for their own plans, owners and managers (and admins) for their space's formulas, orders and lots.
 */
export const formulasCallables = [
  implement(getFormula, ({ id }, ctx) => catalogue.getFormula(ctx, id)),
  implement(listSpaceFormulas, ({ spaceId }, ctx) => catalogue.listSpaceFormulas(ctx, spaceId)),
  implement(listManagedFormulas, ({ spaceId }, ctx) => catalogue.listManagedFormulas(ctx, spaceId)),
  ...implementByName(catalogue, { createFormula, updateFormula, setFormulaArchived, updateSalesSettings }),
  ...implementByName(holdings, { buyFormula }),
  implement(markOrderPaid, ({ orderId }, ctx) => holdings.markOrderPaid(ctx, orderId)),
  ...implementByName(reads, { listMyPlans, listMyLedger, getCreditOption }),
  implement(listSpacePlans, ({ spaceId }, ctx) => reads.listSpacePlans(ctx, spaceId)),
  ...implementByName(changes, { adjustCredits }),
  implement(cancelPlan, ({ planId }, ctx) => changes.cancelPlan(ctx, planId)),
  ...implementByName(pauses, { previewPause, pausePlan }),
  implement(endPause, ({ pauseId }, ctx) => pauses.endPause(ctx, pauseId)),
];
