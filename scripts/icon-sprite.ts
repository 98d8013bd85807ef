/**
 * The places' icons (amenities, kinds of room) as one SVG sprite, `app/features/spaces/place-icons.svg`,
 * drawn from the installed lucide-react's own shapes: a page shows them with `<use href="…#wifi">` instead of
 * shipping each icon's drawing in its JavaScript (decision 018). `npm run icons` writes it again after a
 * lucide-react upgrade or a new icon; place-icons.test.ts fails while it differs from what this makes.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PLACE_ICON_NAMES } from '../app/features/spaces/place-icon-names';

const root = path.resolve(import.meta.dirname, '..');
export const SPRITE_FILE = path.join(root, 'app/features/spaces/place-icons.svg');

type IconNode = Array<[string, Record<string, string>]>;

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

async function shapesOf(name: string): Promise<IconNode> {
  const file = path.join(root, 'node_modules/lucide-react/dist/esm/icons', `${name}.mjs`);
  const module = (await import(pathToFileURL(file).href)) as { __iconData: { node: IconNode } };
  return module.__iconData.node;
}

/** The sprite: one `<symbol>` per icon, its shapes as lucide-react draws them (without React's keys). */
export async function spriteOf(names: readonly string[]): Promise<string> {
  const symbols: string[] = [];
  for (const name of [...new Set(names)].sort()) {
    const shapes = (await shapesOf(name)).map(([tag, attributes]) => {
      const written = Object.entries(attributes)
        .filter(([attribute]) => attribute !== 'key')
        .map(([attribute, value]) => `${attribute}="${escape(String(value))}"`)
        .join(' ');
      return `<${tag} ${written}/>`;
    });
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${shapes.join('')}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(SPRITE_FILE, await spriteOf(Object.values(PLACE_ICON_NAMES).flatMap(Object.values)));
  console.log(`wrote ${path.relative(root, SPRITE_FILE)}`);
}
