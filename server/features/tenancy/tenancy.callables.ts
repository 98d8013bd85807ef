import { getBranding } from '#contract/tenancy';
import { implement } from '../../platform/callables';
import * as tenancy from './tenancy.service';

export const tenancyCallables = [implement(getBranding, (input, ctx) => tenancy.getBranding(ctx, input))];
