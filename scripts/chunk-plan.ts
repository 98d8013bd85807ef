/**
 * Which chunk each of our browser modules goes to (vite.config.ts hands the result to Rolldown's
 * `codeSplitting.groups`). Issue 18: on a phone each file a page loads before its first paint costs a
 * round trip, and the pages people land on loaded 19–40 files, many under 1 KiB.
 *
 * - `document`: what every page runs (the shell: root route and entry.client) and what every landing page
 *   imports.
 * - `shared-<pages>`: modules some landing pages import and some other entry (route, lazy import) imports
 *   too, grouped by which landing pages import them. A module only one landing page imports, and nothing
 *   else, stays in that route's own chunk (Rolldown's default).
 * - Then groups are merged, the merge saving most files per byte first, as long as no landing page loads
 *   more than `maxExtraBytes` it did not need.
 *
 * Sizes are the modules' source before minifying: a proxy, good enough to compare groups.
 */

export interface ChunkGraph {
  /** The modules a module imports statically (ours, and the icons it draws). */
  importsOf(id: string): string[];
  /** Bytes of the module's source. */
  sizeOf(id: string): number;
}

export interface ChunkPlanInput {
  graph: ChunkGraph;
  /** Modules every page runs: their graph goes to `document`. */
  shell: string[];
  /** The pages a first visit lands on, each as the entry modules it loads (layout, route). */
  landingPages: Record<string, string[]>;
  /** Every other entry (routes, lazily imported modules): what they import decides what is shared. */
  otherEntries: string[];
  /** Bytes a landing page may load beyond what it needs, when groups merge. */
  maxExtraBytes: number;
  /** Modules never planned here (libraries: they follow the module of ours that imports them). */
  skip?(id: string): boolean;
}

export interface PlannedChunk {
  name: string;
  /** How many landing pages load it (Rolldown's group priority: the widest group takes a module first). */
  pages: number;
}

export const DOCUMENT = 'document';

interface Group {
  pages: Set<string>;
  modules: string[];
  size: number;
}

function reach(graph: ChunkGraph, starts: string[], skip: (id: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const pending = [...starts];
  while (pending.length) {
    const id = pending.pop()!;
    if (seen.has(id) || skip(id)) continue;
    seen.add(id);
    pending.push(...graph.importsOf(id));
  }
  return seen;
}

export function planChunks(input: ChunkPlanInput): Map<string, PlannedChunk> {
  const { graph, landingPages } = input;
  const skip = input.skip ?? (() => false);
  const pageNames = Object.keys(landingPages);
  const plan = new Map<string, PlannedChunk>();
  const inDocument = { name: DOCUMENT, pages: pageNames.length };
  for (const id of reach(graph, input.shell, skip)) plan.set(id, inDocument);

  const entryFiles = new Set(Object.values(landingPages).flat());
  const usedElsewhere = new Set<string>();
  for (const entry of input.otherEntries)
    if (!entryFiles.has(entry)) for (const id of reach(graph, [entry], skip)) usedElsewhere.add(id);
  const reachedBy = new Map<string, Set<string>>();
  for (const page of pageNames)
    for (const id of reach(graph, landingPages[page]!, skip)) {
      if (!reachedBy.has(id)) reachedBy.set(id, new Set());
      reachedBy.get(id)!.add(page);
    }

  const byKey = new Map<string, Group>();
  for (const [id, pages] of reachedBy) {
    if (plan.has(id) || entryFiles.has(id)) continue;
    if (pages.size === pageNames.length) {
      plan.set(id, inDocument);
      continue;
    }
    if (pages.size === 1 && !usedElsewhere.has(id)) continue;
    const key = [...pages].sort().join('-');
    const group = byKey.get(key) ?? { pages, modules: [], size: 0 };
    group.modules.push(id);
    group.size += graph.sizeOf(id);
    byKey.set(key, group);
  }

  for (const group of mergeGroups([...byKey.values()], graph, pageNames, input.maxExtraBytes)) {
    const chunk = { name: `shared-${[...group.pages].sort().join('-')}`, pages: group.pages.size };
    for (const id of group.modules) plan.set(id, chunk);
  }
  return plan;
}

/** What each landing page loads of `groups`: the groups it imports, and the groups those import. */
function loads(groups: Group[], groupOf: Map<string, number>, graph: ChunkGraph, pages: string[]) {
  const dependsOn = groups.map((group) => {
    const targets = new Set<number>();
    for (const id of group.modules)
      for (const imported of graph.importsOf(id)) {
        const target = groupOf.get(imported);
        if (target !== undefined && groups[target] !== group) targets.add(target);
      }
    return targets;
  });
  return pages.map((page) => {
    const loaded = new Set<number>();
    const pending = groups.flatMap((group, index) => (group.pages.has(page) ? [index] : []));
    while (pending.length) {
      const index = pending.pop()!;
      if (loaded.has(index)) continue;
      loaded.add(index);
      pending.push(...dependsOn[index]!);
    }
    const bytes = [...loaded].reduce((sum, index) => sum + groups[index]!.size, 0);
    return { files: loaded.size, bytes };
  });
}

function indexModules(groups: Group[]): Map<string, number> {
  const groupOf = new Map<string, number>();
  groups.forEach((group, index) => group.modules.forEach((id) => groupOf.set(id, index)));
  return groupOf;
}

function merged(groups: Group[], a: number, b: number): Group[] {
  const union: Group = {
    pages: new Set([...groups[a]!.pages, ...groups[b]!.pages]),
    modules: [...groups[a]!.modules, ...groups[b]!.modules],
    size: groups[a]!.size + groups[b]!.size,
  };
  return [...groups.filter((_, index) => index !== a && index !== b), union];
}

/** Merges groups while a merge saves files and keeps every page within `maxExtraBytes` of its need. */
function mergeGroups(groups: Group[], graph: ChunkGraph, pages: string[], maxExtraBytes: number): Group[] {
  const needed = loads(groups, indexModules(groups), graph, pages).map((load) => load.bytes);
  let current = groups;
  for (;;) {
    const now = loads(current, indexModules(current), graph, pages);
    const filesNow = now.reduce((sum, load) => sum + load.files, 0);
    const bytesNow = now.reduce((sum, load) => sum + load.bytes, 0);
    let best: { groups: Group[]; score: number } | undefined;
    for (let a = 0; a < current.length; a++)
      for (let b = a + 1; b < current.length; b++) {
        const candidate = merged(current, a, b);
        const after = loads(candidate, indexModules(candidate), graph, pages);
        if (after.some((load, page) => load.bytes - needed[page]! > maxExtraBytes)) continue;
        const saved = filesNow - after.reduce((sum, load) => sum + load.files, 0);
        if (saved <= 0) continue;
        const extra = after.reduce((sum, load) => sum + load.bytes, 0) - bytesNow;
        const score = saved / (Math.max(extra, 0) + 1);
        if (!best || score > best.score) best = { groups: candidate, score };
      }
    if (!best) return current;
    current = best.groups;
  }
}
