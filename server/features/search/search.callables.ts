import { searchSpaces } from '#contract/search';
import { implement } from '../../platform/callables';
import * as search from './search.service';

export const searchCallables = [implement(searchSpaces, (filters, ctx) => search.searchSpaces(ctx, filters))];
