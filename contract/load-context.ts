import type { z } from 'zod';
import type { CallableDef, OutputOf } from './callable';
import type { Locale } from './locale';
import type { TSubdomainDetails } from './tenancy';

/** The signed-in person as pages may see them (nothing secret). */
export interface TViewer {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  image: string | null;
}

export interface TTenant {
  subdomain: string;
  details: TSubdomainDetails;
}

/** Public settings the browser needs; never secrets. */
export interface TPublicConfig {
  baseUrl: string;
  rootDomain: string;
  allowedExternalHosts: string[];
  gtmContainerId: string | null;
  /** Map tiles URL template, or null: maps then show markers on a plain ground. */
  mapTileUrl: string | null;
  mapTileAttribution: string | null;
  buildId: string;
}

/** The server's logger for this request (its request id included), so pages log as the server does. */
export interface TPageLog {
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * What the server hands every loader and action: the request's language, nonce, tenant, viewer and an
 * in-process `call` that runs a callable exactly as `POST /api/fn/<name>` would, with the request's session.
 */
export interface TLoadContext {
  nonce: string;
  locale: Locale;
  requestId: string;
  tenant: TTenant | null;
  viewer: TViewer | null;
  config: TPublicConfig;
  log: TPageLog;
  call: <D extends CallableDef>(def: D, input: z.input<D['input']>) => Promise<OutputOf<D>>;
}
