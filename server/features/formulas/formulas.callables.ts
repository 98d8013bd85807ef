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
import { implement } from '../../platform/callables';
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
  implement(createFormula, (input, ctx) => catalogue.createFormula(ctx, input)),
  implement(updateFormula, (input, ctx) => catalogue.updateFormula(ctx, input)),
  implement(setFormulaArchived, (input, ctx) => catalogue.setFormulaArchived(ctx, input)),
  implement(updateSalesSettings, (input, ctx) => catalogue.updateSalesSettings(ctx, input)),
  implement(buyFormula, (input, ctx) => holdings.buyFormula(ctx, input)),
  implement(listMyPlans, (_input, ctx) => reads.listMyPlans(ctx)),
  implement(listMyLedger, (input, ctx) => reads.listMyLedger(ctx, input)),
  implement(cancelPlan, ({ planId }, ctx) => changes.cancelPlan(ctx, planId)),
  implement(getCreditOption, (input, ctx) => reads.getCreditOption(ctx, input)),
  implement(listSpacePlans, ({ spaceId }, ctx) => reads.listSpacePlans(ctx, spaceId)),
  implement(markOrderPaid, ({ orderId }, ctx) => holdings.markOrderPaid(ctx, orderId)),
  implement(adjustCredits, (input, ctx) => changes.adjustCredits(ctx, input)),
  implement(previewPause, (input, ctx) => pauses.previewPause(ctx, input)),
  implement(pausePlan, (input, ctx) => pauses.pausePlan(ctx, input)),
  implement(endPause, ({ pauseId }, ctx) => pauses.endPause(ctx, pauseId)),
];
