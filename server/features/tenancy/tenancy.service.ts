import { and, eq } from 'drizzle-orm';
import { AppError } from '#contract/errors';
import { RESERVED_SUBDOMAIN, type TSubdomainDetails } from '#contract/tenancy';
import type { ServiceContext } from '../../platform/service-context';
import { spaces } from '../../db/schema/spaces';

/**
 * The subdomain a request's host names under the root domain: `acme.escale.fr` → `acme`.
 * Only the first label counts; `beta`, the bare root domain and foreign hosts give null.
 */
export function subdomainOfHost(host: string | null | undefined, rootDomain: string): string | null {
  if (!host) return null;
  const hostname = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const root = rootDomain.toLowerCase();
  if (!hostname.endsWith(`.${root}`)) return null;
  const labels = hostname.slice(0, -(root.length + 1)).split('.');
  const first = labels[labels.length - 1];
  if (!first || first === RESERVED_SUBDOMAIN) return null;
  return first;
}

/** The branding of the published space at a subdomain; a space that is not published has none yet. */
export async function getBranding(
  { db }: ServiceContext,
  { subdomain }: { subdomain: string },
): Promise<TSubdomainDetails> {
  const [space] = await db
    .select({ spaceId: spaces.id, color: spaces.color, name: spaces.name })
    .from(spaces)
    .where(and(eq(spaces.subdomain, subdomain), eq(spaces.status, 'published')))
    .limit(1);
  if (!space) throw new AppError('not-found', `No space at subdomain ${subdomain}`);
  return space;
}

/** The branding for a host, or null when the host names no known space. */
export async function findBrandingForHost(
  ctx: ServiceContext,
  host: string | null | undefined,
  rootDomain: string,
): Promise<(TSubdomainDetails & { subdomain: string }) | null> {
  const subdomain = subdomainOfHost(host, rootDomain);
  if (!subdomain) return null;
  try {
    return { subdomain, ...(await getBranding(ctx, { subdomain })) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not-found') return null;
    throw error;
  }
}
