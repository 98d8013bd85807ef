import { z } from './zod';
import { defineCallable } from './callable';
import { ZText } from './input';

export const ZHexColor = ZText.regex(/^#[0-9a-f]{6}$/i, 'color');

/** A subdomain that means "the platform itself", never a space (seed section 4). */
export const RESERVED_SUBDOMAIN = 'beta';

export const ZSubdomain = ZText.trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'subdomain');

export const ZSubdomainDetails = z.object({
  color: ZHexColor.nullable(),
  spaceId: z.string(),
  name: z.string(),
});
export type TSubdomainDetails = z.infer<typeof ZSubdomainDetails>;

/** The branding of a space reached by its subdomain: primary colour and space id (seed section 3). */
export const getBranding = defineCallable({
  name: 'tenancy.getBranding',
  input: z.object({ subdomain: ZSubdomain }),
  output: ZSubdomainDetails,
  mutates: false,
  access: 'public',
});
