import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The fuzz files take a minute or more each, four to ten times any other file. Vitest orders a run by the
 * durations it remembers and, in a clean clone that remembers none, by file size, so a fuzz could start last
 * and leave one core idle while it finishes alone. Started first, the other files fill the other core
 * around them.
 */
const HEAVIEST_FIRST = ['server/hostile-input.test.ts', 'server/hostile-pages.test.ts'];

function rank(specification: TestSpecification): number {
  const index = HEAVIEST_FIRST.findIndex((file) => specification.moduleId.endsWith(file));
  return index === -1 ? HEAVIEST_FIRST.length : index;
}

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the other files keep Vitest's own order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
