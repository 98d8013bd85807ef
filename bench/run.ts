/**
 * `npm run bench [name…]`: runs every `bench/*.bench.ts` (or those whose file name contains one of the
 * names), one after the other. A module exports `run()` (or a default function) and prints its figures.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// Figures are for what runs in production: React and the app's libraries read this when first imported.
process.env.NODE_ENV = 'production';

type BenchModule = { run?: () => Promise<void>; default?: () => Promise<void> };

const folder = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => !wanted.length || wanted.some((name) => file.includes(name)))
  .sort();

if (!files.length) {
  console.error(`no benchmark matches ${wanted.join(', ') || '(none in bench/)'}`);
  process.exit(1);
}
for (const file of files) {
  console.log(`\n=== ${file}`);
  const module = (await import(pathToFileURL(path.join(folder, file)).href)) as BenchModule;
  const run = module.run ?? module.default;
  if (typeof run !== 'function') throw new Error(`${file} exports no run()`);
  await run();
}
