import {
  createCollection,
  listCollections,
  listMyMandates,
  listSpaceMandates,
  previewCollection,
  revokeMandate,
  signMandate,
} from '#contract/sepa';
import { implement } from '../../platform/callables';
import * as collections from './collections.service';
import * as mandates from './mandates.service';

/**
 * The SEPA direct-debit API (docs/decisions/032). A member signs and revokes their own mandates; the space's
 * owners and managers (and admins) see its members' mandates and run its collections (checked in the services).
 */
export const sepaCallables = [
  implement(listMyMandates, (_input, ctx) => mandates.listMyMandates(ctx)),
  implement(signMandate, (input, ctx) => mandates.signMandate(ctx, input)),
  implement(revokeMandate, ({ spaceId }, ctx) => mandates.revokeMandate(ctx, spaceId)),
  implement(listSpaceMandates, ({ spaceId }, ctx) => mandates.listSpaceMandates(ctx, spaceId)),
  implement(previewCollection, (input, ctx) => collections.previewCollection(ctx, input)),
  implement(createCollection, (input, ctx) => collections.createCollection(ctx, input)),
  implement(listCollections, ({ spaceId }, ctx) => collections.listCollections(ctx, spaceId)),
];
