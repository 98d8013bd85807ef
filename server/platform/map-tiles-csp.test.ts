import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, mapTileSource } from './security-headers';

describe('map tiles in the content security policy', () => {
  it('adds nothing without tiles or for HTTPS tiles (img-src already allows https:)', () => {
    expect(mapTileSource(undefined)).toBeNull();
    expect(mapTileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBeNull();
  });

  it('allows a plain-HTTP tile server, with its sub-domains when the template has {s}', () => {
    expect(mapTileSource('http://127.0.0.1:8080/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
    expect(mapTileSource('http://{s}.tiles.lan/{z}/{x}/{y}.png')).toBe('http://*.tiles.lan');
    const policy = contentSecurityPolicy({
      nonce: 'n',
      gtm: false,
      development: false,
      mapTileUrl: 'http://127.0.0.1:8080/{z}/{x}/{y}.png',
    });
    expect(policy).toContain("img-src 'self' data: blob: https: http://127.0.0.1:8080;");
  });

  it('ignores a tile URL that is not a URL', () => {
    expect(mapTileSource('not a url')).toBeNull();
  });
});
