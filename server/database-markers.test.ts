import { describe, expect, it } from 'vitest';
import { readTestFiles } from '../tests/support/database-markers';

/**
 * Every test file that opens a database says on which (tests/support/database-markers.ts): a new file
 * must choose, rather than silently running on PGlite only or on both.
 */
describe('database markers of the test files', () => {
  const files = readTestFiles();

  it('finds the database test files', () => {
    expect(files.filter((entry) => entry.opensDatabase).length).toBeGreaterThan(40);
  });

  it('are on every file that opens a database, and name PGlite and maybe PostgreSQL', () => {
    const wrong = files
      .filter((entry) => entry.opensDatabase)
      .filter(
        ({ databases }) =>
          !databases ||
          databases[0] !== 'pglite' ||
          databases.length > 2 ||
          (databases.length === 2 && databases[1] !== 'postgres'),
      )
      .map(({ file, databases }) => `${file}: ${databases ? databases.join(' ') : 'no // @databases line'}`);
    expect(wrong).toEqual([]);
  });

  it('are only on files that open a database', () => {
    const stray = files.filter((entry) => entry.databases && !entry.opensDatabase).map((entry) => entry.file);
    expect(stray).toEqual([]);
  });
});
