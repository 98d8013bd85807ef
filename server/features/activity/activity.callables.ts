import { getActivityFilterOptions, listActivity } from '#contract/activity';
import { implement } from '../../platform/callables';
import * as activity from './activity.service';

/** The feed's API: who sees which entries is decided in the service (the contract says signed-in). */
export const activityCallables = [
  implement(listActivity, (input, { db, actor }) => activity.listActivity({ db, actor }, input)),
  implement(getActivityFilterOptions, (input, { db, actor }) =>
    activity.getFilterOptions({ db, actor }, input),
  ),
];
