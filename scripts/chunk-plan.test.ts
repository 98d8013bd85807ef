import { describe, expect, it } from 'vitest';
import { planChunks, type ChunkGraph } from './chunk-plan';

/** A module graph from a table: each module's imports and size. */
function graphOf(modules: Record<string, { imports?: string[]; size: number }>): ChunkGraph {
  return {
    importsOf: (id) => modules[id]?.imports ?? [],
    sizeOf: (id) => modules[id]?.size ?? 0,
  };
}

const nameOf = (plan: ReturnType<typeof planChunks>, id: string) => plan.get(id)?.name ?? null;

describe('planChunks', () => {
  const graph = graphOf({
    root: { imports: ['shell-ui'], size: 100 },
    'shell-ui': { size: 100 },
    home: { imports: ['meta', 'card', 'home-only', 'money'], size: 100 },
    space: { imports: ['meta', 'card', 'gallery', 'money'], size: 100 },
    login: { imports: ['meta', 'field'], size: 100 },
    blog: { imports: ['card', 'field', 'home-only-twin'], size: 100 },
    meta: { size: 50 },
    card: { imports: ['money'], size: 4_000 },
    money: { size: 3_000 },
    gallery: { size: 5_000 },
    field: { size: 2_000 },
    'home-only': { size: 1_000 },
    'home-only-twin': { size: 1_000 },
  });
  const input = {
    graph,
    shell: ['root'],
    landingPages: { home: ['home'], space: ['space'], login: ['login'] },
    otherEntries: ['blog'],
  };

  it('puts the shell and what every landing page imports in the document', () => {
    const plan = planChunks({ ...input, maxExtraBytes: 0 });
    expect(nameOf(plan, 'shell-ui')).toBe('document');
    expect(nameOf(plan, 'meta')).toBe('document');
  });

  it('groups modules by the landing pages that import them, and leaves one page’s own module alone', () => {
    const plan = planChunks({ ...input, maxExtraBytes: 0 });
    expect(nameOf(plan, 'card')).toBe('shared-home-space');
    expect(nameOf(plan, 'money')).toBe('shared-home-space');
    // Imported by one landing page and another entry: a group of its own, so the blog does not load home.
    expect(nameOf(plan, 'field')).toBe('shared-login');
    // Imported by one landing page only: its route's chunk (Rolldown's default).
    expect(nameOf(plan, 'home-only')).toBeNull();
    expect(nameOf(plan, 'gallery')).toBeNull();
    expect(nameOf(plan, 'home')).toBeNull();
  });

  it('merges groups when no landing page then loads more than allowed beyond its need', () => {
    const small = graphOf({
      home: { imports: ['a', 'b'], size: 10 },
      space: { imports: ['a'], size: 10 },
      login: { imports: ['b', 'c'], size: 10 },
      other: { imports: ['c'], size: 10 },
      a: { size: 300 },
      b: { size: 200 },
      c: { size: 5_000 },
    });
    const base = { ...input, graph: small, shell: [], otherEntries: ['other'] };
    const apart = planChunks({ ...base, maxExtraBytes: 0 });
    expect(nameOf(apart, 'a')).toBe('shared-home-space');
    expect(nameOf(apart, 'b')).toBe('shared-home-login');
    // Together, space loads b (200 bytes) and login loads a (300): allowed from 300 bytes on.
    const together = planChunks({ ...base, maxExtraBytes: 300 });
    expect(nameOf(together, 'a')).toBe('shared-home-login-space');
    expect(nameOf(together, 'b')).toBe('shared-home-login-space');
    // c (5,000 bytes, login and another entry) would cost home and space too much.
    expect(nameOf(together, 'c')).toBe('shared-login');
    expect(planChunks({ ...base, maxExtraBytes: 299 }).get('a')?.name).toBe('shared-home-space');
  });

  it('counts what a merged group imports: its pages load those groups too', () => {
    const chained = graphOf({
      home: { imports: ['x', 'y'], size: 10 },
      space: { imports: ['y'], size: 10 },
      login: { imports: ['z', 'w'], size: 10 },
      x: { imports: ['w'], size: 100 },
      y: { size: 100 },
      z: { size: 100 },
      w: { size: 1_000 },
    });
    // x alone: home. Merged with y, space would load x and, through it, w (1,100 bytes), over 500.
    const plan = planChunks({
      ...input,
      graph: chained,
      shell: [],
      otherEntries: ['x'],
      maxExtraBytes: 500,
    });
    expect(nameOf(plan, 'x')).not.toBe(nameOf(plan, 'y'));
    expect(plan.get('y')?.pages).toBe(2);
  });

  it('plans the other pages with the landing pages: shared groups, a budget of their own', () => {
    const mixed = graphOf({
      home: { imports: ['a', 'b'], size: 10 },
      space: { imports: ['a'], size: 10 },
      login: { imports: ['a'], size: 10 },
      office: { imports: ['b', 'c', 'd'], size: 10 },
      admin: { imports: ['c'], size: 10 },
      other: { imports: ['d'], size: 10 },
      a: { size: 300 },
      b: { size: 200 },
      c: { size: 400 },
      d: { size: 1_000 },
    });
    const base = {
      ...input,
      graph: mixed,
      shell: [],
      otherPages: { office: ['office'], admin: ['admin'] },
      otherEntries: ['other'],
      maxExtraBytes: 0,
    };
    const apart = planChunks({ ...base, otherPagesMaxExtraBytes: 0 });
    // What every landing page imports is the document's, whatever the other pages import.
    expect(nameOf(apart, 'a')).toBe('document');
    // Groups by every page that imports a module, the other pages included.
    expect(nameOf(apart, 'b')).toBe('shared-home-office');
    expect(nameOf(apart, 'c')).toBe('shared-admin-office');
    expect(nameOf(apart, 'd')).toBe('shared-office');
    // The admin page may load 1,000 bytes more: d joins c. Home may not: b stays apart.
    const generous = planChunks({ ...base, otherPagesMaxExtraBytes: 1_000 });
    expect(nameOf(generous, 'c')).toBe(nameOf(generous, 'd'));
    expect(nameOf(generous, 'b')).toBe('shared-home-office');
  });

  it('lets a landing page lighter than the heaviest load up to the heaviest’s weight', () => {
    const uneven = graphOf({
      home: { imports: ['x', 'big'], size: 10 },
      space: { imports: ['x', 'y'], size: 10 },
      login: { imports: ['y'], size: 10 },
      x: { size: 1_000 },
      y: { size: 100 },
      big: { size: 5_000 },
    });
    const base = { ...input, graph: uneven, shell: [], otherEntries: [], maxExtraBytes: 100 };
    // Together, home would load y (100 bytes, allowed) and login x (1,000: not).
    const apart = planChunks(base);
    expect(nameOf(apart, 'x')).not.toBe(nameOf(apart, 'y'));
    // Login (110 bytes) may load up to what home (6,010) weighs.
    const together = planChunks({ ...base, upToHeaviest: true });
    expect(nameOf(together, 'x')).toBe(nameOf(together, 'y'));
  });

  it('gives every landing page one ceiling: the heaviest’s weight plus the margin', () => {
    const close = graphOf({
      home: { imports: ['x', 'big'], size: 10 },
      space: { imports: ['y', 'mid'], size: 10 },
      login: { imports: ['x', 'y'], size: 10 },
      x: { size: 150 },
      y: { size: 100 },
      big: { size: 5_000 },
      mid: { size: 4_950 },
    });
    const base = { ...input, graph: close, shell: [], otherEntries: [], upToHeaviest: true };
    // Together, home (5,160, the heaviest) loads y (100) and space (5,060) x (150): space may, being 100 under
    // home, load 100 + the margin.
    const together = planChunks({ ...base, maxExtraBytes: 100 });
    expect(nameOf(together, 'x')).toBe(nameOf(together, 'y'));
    // The heaviest page gets the margin only.
    const apart = planChunks({ ...base, maxExtraBytes: 99 });
    expect(nameOf(apart, 'x')).not.toBe(nameOf(apart, 'y'));
  });
});
