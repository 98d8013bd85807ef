import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_NAMESPACES, NAMESPACES, type Namespace } from '~/platform/i18n';

/**
 * A page is sent the document's namespaces and those its routes declare (`handle.i18n`,
 * app/platform/i18n.ts); a namespace a component uses but no route declares would be fetched while the
 * page hydrates. Read from the sources: every module a route imports (statically or lazily, through `~/`
 * and relative paths), the namespaces it names (`useTranslation('x')`, `'x:key'`, `ns: 'x'`).
 */
const app = path.resolve(import.meta.dirname, '..');

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('~/')) base = path.join(app, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = /\.[cm]?[jt]sx?$/.test(base)
    ? [base]
    : ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext);
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

function namespacesOf(entry: string): Set<Namespace> {
  const used = new Set<Namespace>();
  const seen = new Set<string>();
  const known = new Set<string>(NAMESPACES);
  const add = (name: string | undefined) => {
    if (name && known.has(name)) used.add(name as Namespace);
  };
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/useTranslation\(\s*(?:'([a-z0-9]+)')?/g)) add(match[1] ?? 'common');
    for (const match of source.matchAll(/['"`]([a-z0-9]+):[a-zA-Z]/g)) add(match[1]);
    for (const match of source.matchAll(/\bns:\s*'([a-z0-9]+)'/g)) add(match[1]);
    for (const match of source.matchAll(
      /^import\s+(?!type\b)[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gm,
    )) {
      const target = resolveImport(file, (match[1] ?? match[2])!);
      if (target) visit(target);
    }
  };
  visit(entry);
  return used;
}

function declaredBy(file: string): Namespace[] {
  const declared = /export const handle: I18nHandle = \{\s*i18n: \[([^\]]*)\],?\s*\}/.exec(
    readFileSync(file, 'utf8'),
  );
  return declared ? [...declared[1]!.matchAll(/'([a-z0-9]+)'/g)].map((match) => match[1] as Namespace) : [];
}

describe("each page's namespaces", () => {
  it("the document's cover the root and the layouts", () => {
    const used = new Set(
      ['root.tsx', 'layouts/default.tsx', 'layouts/auth.tsx'].flatMap((file) => [
        ...namespacesOf(path.join(app, file)),
      ]),
    );
    expect([...used].filter((namespace) => !DOCUMENT_NAMESPACES.includes(namespace))).toEqual([]);
  });

  // The route modules app/routes.ts names (app/routes also holds pages that routes compose).
  const routes = [
    ...new Set(
      [...readFileSync(path.join(app, 'routes.ts'), 'utf8').matchAll(/'routes\/([^']+\.tsx?)'/g)].map(
        (match) => match[1]!,
      ),
    ),
  ];
  it.each(routes)('%s declares what its modules use', (file) => {
    const route = path.join(app, 'routes', file);
    const missing = [...namespacesOf(route)].filter(
      (namespace) => !DOCUMENT_NAMESPACES.includes(namespace) && !declaredBy(route).includes(namespace),
    );
    expect(missing).toEqual([]);
  });
});
