import { getStatistics, getStatisticsScope } from '#contract/statistics';
import { implement } from '../../platform/callables';
import * as statistics from './statistics.service';

/** /statistics' operations: the owners and managers of a space (admins: every space); the service checks. */
export const statisticsCallables = [
  implement(getStatisticsScope, (input, ctx) => statistics.getStatisticsScope(ctx, input)),
  implement(getStatistics, (input, ctx) => statistics.getStatistics(ctx, input)),
];
