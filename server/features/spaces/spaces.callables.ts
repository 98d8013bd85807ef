import { getRoom } from '#contract/rooms';
import { featuredSpaces, getSpace, listCities, listSitemapEntries, listSpaces } from '#contract/spaces';
import { implement } from '../../platform/callables';
import { getRoomDetail } from './rooms.service';
import * as catalogue from './spaces.service';

/**
 * The public catalogue: published spaces and their rooms, for anyone; a space's owners, managers and
 * admins may also preview the others (the services ask the policy with the caller's context).
 */
export const spacesCallables = [
  implement(getSpace, (input, ctx) => catalogue.getSpaceDetail(ctx, input)),
  implement(listSpaces, (input, ctx) => catalogue.listPublishedSpaces(ctx, input)),
  implement(featuredSpaces, (input, ctx) => catalogue.findFeaturedSpaces(ctx, input)),
  implement(listCities, (_input, ctx) => catalogue.listCitiesWithSpaces(ctx)),
  implement(listSitemapEntries, (_input, ctx) => catalogue.listSitemapEntries(ctx)),
  implement(getRoom, (input, ctx) => getRoomDetail(ctx, input)),
];
