import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The charts load on /statistics only (docs/decisions/030-statistics.md): the page's modules, charts
 * included, are imported by its route module and by each other, by nothing else in app/, so the bundler
 * can only put them in a chunk that route alone loads. `npm run bench -- first-load` prints which pages
 * load that chunk in the browser.
 */

const ROOT = join(import.meta.dirname, '../../..');
const FEATURE = 'app/features/statistics/';
const ROUTE = 'app/routes/statistics.tsx';

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '+types' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The statistics modules a file imports (`~/features/statistics/…`, or `./…` from inside the folder). */
function statisticsImports(path: string): string[] {
  const code = readFileSync(join(ROOT, path), 'utf8');
  const specifiers = [...code.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]!);
  return specifiers.filter(
    (specifier) =>
      specifier.includes('features/statistics/') || (path.startsWith(FEATURE) && specifier.startsWith('./')),
  );
}

describe("/statistics's page code", () => {
  it('is imported by its route module and its own modules only', () => {
    const importers = sources('app')
      .map((path) => relative(ROOT, join(ROOT, path)))
      .filter((path) => statisticsImports(path).length > 0);
    expect(importers).toContain(ROUTE);
    expect(importers.filter((path) => path !== ROUTE && !path.startsWith(FEATURE))).toEqual([]);
  });

  it('holds the charts, which only the page itself imports', () => {
    const chartImporters = sources(FEATURE.slice(0, -1)).filter((path) =>
      statisticsImports(path).some((specifier) => /\/charts$/.test(specifier)),
    );
    expect(chartImporters).toEqual([`${FEATURE}statistics-page.tsx`]);
  });
});
