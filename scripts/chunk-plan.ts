/**
 * Which chunk each of our browser modules goes to (vite.config.ts hands the result to Rolldown's
 * `codeSplitting.groups`). Issue 18: on a phone each file a page loads before its first paint costs a
 * round trip, and the pages people land on loaded 19–40 files, many under 1 KiB. Issue 31: every public
 * page is one a first visit may land on (vite.config.ts reads them from the route table), so each is planned
 * for, not only the six the plan was first made for.
 *
 * - `document`: what every page runs (the shell: root route and entry.client) and what every landing page
 *   imports.
 * - `shared-<pages>`: modules some pages import and some other entry (route, lazy import) imports too,
 *   grouped by which pages import them: the landing pages and the `otherPages` planned with them (the pages
 *   behind a sign-in, issue 31: at most 15 files), so both load the same groups. A module only one page
 *   imports, and nothing else, stays in that route's own chunk (Rolldown's default).
 * - Then groups are merged, the merge saving most files per byte first, as long as no landing page loads
 *   more than `maxExtraBytes` it did not need (with `upToHeaviest`, more than the heaviest's weight plus
 *   `maxExtraBytes`) and no other page more than `otherPagesMaxExtraBytes`.
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
  /**
   * Pages planned with the landing pages, sharing their groups (the pages behind a sign-in), each allowed
   * `otherPagesMaxExtraBytes` beyond its need; what all landing pages import goes to the document all the same.
   */
  otherPages?: Record<string, string[]>;
  otherPagesMaxExtraBytes?: number;
  /**
   * One ceiling for every landing page: the heaviest's weight (its modules beyond the document) plus
   * `maxExtraBytes`. A lighter page may load more beyond its need, by the difference: shared code then costs no
   * page more than the heaviest loads plus that margin, and the pages nearest the heaviest load least for others.
   */
  upToHeaviest?: boolean;
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
  const otherPages = input.otherPages ?? {};
  const skip = input.skip ?? (() => false);
  const landingCount = Object.keys(landingPages).length;
  const allPages = { ...landingPages, ...otherPages };
  const pageNames = Object.keys(allPages);
  const plan = new Map<string, PlannedChunk>();
  const inDocument = { name: DOCUMENT, pages: pageNames.length };
  for (const id of reach(graph, input.shell, skip)) plan.set(id, inDocument);
  const weights = pageNames.map((page) => {
    let bytes = 0;
    for (const id of reach(graph, allPages[page]!, skip)) if (!plan.has(id)) bytes += graph.sizeOf(id);
    return bytes;
  });
  const heaviest = Math.max(0, ...weights.slice(0, landingCount));
  const budgets = pageNames.map((_, index) =>
    index < landingCount
      ? input.maxExtraBytes + (input.upToHeaviest ? heaviest - weights[index]! : 0)
      : (input.otherPagesMaxExtraBytes ?? input.maxExtraBytes),
  );

  const entryFiles = new Set(Object.values(allPages).flat());
  const usedElsewhere = new Set<string>();
  for (const entry of input.otherEntries)
    if (!entryFiles.has(entry)) for (const id of reach(graph, [entry], skip)) usedElsewhere.add(id);
  const reachedBy = new Map<string, Set<string>>();
  for (const page of pageNames)
    for (const id of reach(graph, allPages[page]!, skip)) {
      if (!reachedBy.has(id)) reachedBy.set(id, new Set());
      reachedBy.get(id)!.add(page);
    }

  const byKey = new Map<string, Group>();
  for (const [id, pages] of reachedBy) {
    if (plan.has(id) || entryFiles.has(id)) continue;
    if (Object.keys(landingPages).every((page) => pages.has(page))) {
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

  const names = new Set<string>();
  for (const group of mergeGroups([...byKey.values()], graph, pageNames, budgets)) {
    const chunk = { name: chunkName([...group.pages].sort(), names), pages: group.pages.size };
    for (const id of group.modules) plan.set(id, chunk);
  }
  return plan;
}

/**
 * A group's file name: `shared-` and its pages (`shared-home-space`), or the first two and how many more when
 * there are over three (`shared-about-blog-and-12`). Unique: Rolldown makes one file of a name.
 */
function chunkName(pages: string[], taken: Set<string>): string {
  const base = `shared-${pages.length > 3 ? `${pages.slice(0, 2).join('-')}-and-${pages.length - 2}` : pages.join('-')}`;
  let name = base;
  for (let index = 2; taken.has(name); index++) name = `${base}-${index}`;
  taken.add(name);
  return name;
}

/** Which groups each group's modules import (indices into `groups`, itself left out). */
function dependencies(groups: Group[], graph: ChunkGraph): Set<number>[] {
  const groupOf = new Map<string, number>();
  groups.forEach((group, index) => group.modules.forEach((id) => groupOf.set(id, index)));
  return groups.map((group, index) => {
    const targets = new Set<number>();
    for (const id of group.modules)
      for (const imported of graph.importsOf(id)) {
        const target = groupOf.get(imported);
        if (target !== undefined && target !== index) targets.add(target);
      }
    return targets;
  });
}

/** The groups a group brings with it: itself, what it imports, what those import. */
function closures(dependsOn: Set<number>[]): Set<number>[] {
  return dependsOn.map((_, start) => {
    const reached = new Set<number>();
    const pending = [start];
    while (pending.length) {
      const index = pending.pop()!;
      if (reached.has(index)) continue;
      reached.add(index);
      pending.push(...dependsOn[index]!);
    }
    return reached;
  });
}

/** The groups each landing page loads: those its modules are in, and what they bring. */
function loadedBy(groups: Group[], closure: Set<number>[], pages: string[]): Set<number>[] {
  return pages.map((page) => {
    const loaded = new Set<number>();
    groups.forEach((group, index) => {
      if (group.pages.has(page)) for (const reached of closure[index]!) loaded.add(reached);
    });
    return loaded;
  });
}

/**
 * `groups` with `a` and `b` (a < b) made one, last, and their dependencies renumbered the same way: what a
 * module of either imports, the union imports.
 */
function merged(groups: Group[], dependsOn: Set<number>[], a: number, b: number) {
  const union: Group = {
    pages: new Set([...groups[a]!.pages, ...groups[b]!.pages]),
    modules: [...groups[a]!.modules, ...groups[b]!.modules],
    size: groups[a]!.size + groups[b]!.size,
  };
  const last = groups.length - 2;
  const renumber = (index: number) =>
    index === a || index === b ? last : index - Number(index > a) - Number(index > b);
  const renumbered = (targets: Set<number>, self: number) => {
    const result = new Set<number>();
    for (const target of targets) {
      const next = renumber(target);
      if (next !== self) result.add(next);
    }
    return result;
  };
  const kept = groups.flatMap((group, index) => (index === a || index === b ? [] : [{ group, index }]));
  return {
    groups: [...kept.map(({ group }) => group), union],
    dependsOn: [
      ...kept.map(({ index }) => renumbered(dependsOn[index]!, renumber(index))),
      renumbered(new Set([...dependsOn[a]!, ...dependsOn[b]!]), last),
    ],
  };
}

/**
 * Merges groups while a merge saves files and keeps every page within its budget beyond its need. A merge of
 * `a` and `b` changes only the pages that load either: they load both, and what both bring, in one file less.
 */
function mergeGroups(groups: Group[], graph: ChunkGraph, pages: string[], maxExtraBytes: number[]): Group[] {
  let current = { groups, dependsOn: dependencies(groups, graph) };
  const bytesOf = (loaded: Set<number>) => {
    let bytes = 0;
    for (const index of loaded) bytes += current.groups[index]!.size;
    return bytes;
  };
  const needed = loadedBy(groups, closures(current.dependsOn), pages).map(bytesOf);
  for (;;) {
    const closure = closures(current.dependsOn);
    const loaded = loadedBy(current.groups, closure, pages);
    const bytesNow = loaded.map(bytesOf);
    let best: { a: number; b: number; score: number } | undefined;
    for (let a = 0; a < current.groups.length; a++)
      candidates: for (let b = a + 1; b < current.groups.length; b++) {
        let saved = 0;
        let extra = 0;
        for (let page = 0; page < pages.length; page++) {
          const before = loaded[page]!;
          if (!before.has(a) && !before.has(b)) continue;
          const after = new Set([...before, ...closure[a]!, ...closure[b]!]);
          const bytes = bytesOf(after);
          if (bytes - needed[page]! > maxExtraBytes[page]!) continue candidates;
          saved += before.size - (after.size - 1);
          extra += bytes - bytesNow[page]!;
        }
        if (saved <= 0) continue;
        const score = saved / (Math.max(extra, 0) + 1);
        if (!best || score > best.score) best = { a, b, score };
      }
    if (!best) return current.groups;
    current = merged(current.groups, current.dependsOn, best.a, best.b);
  }
}
