/**
 * `cn` is plain `clsx`: it joins classes and merges nothing, and Tailwind orders its CSS by its own rules, not
 * by the order of the names. Two classes that set the same property on one element (`p-4` and `p-2`,
 * `text-ink` and `text-danger`) would leave the result to that order. This test reads the app's code (with
 * TypeScript's parser) and asks tailwind-merge, which knows Tailwind's property groups, whether it would drop
 * any class from what an element can get:
 *
 * - every `cn(…)`/`clsx(…)` call, with each combination of its alternatives (`a ? 'x' : 'y'`, `c && 'z'`,
 *   lookup tables such as `STYLE[status]`, constants, `buttonClass(…)` with its variant and size);
 * - every use of a component (`<Photo className="…">`, `<Input containerClassName="…">`, `<Button
 *   variant="ghost" className="…">`): the component's classes are worked out with the caller's props
 *   (through the components it passes them on to), and checked with the caller's classes.
 *
 * What it cannot see (a class built at run time from data, props spread from an object) counts as nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button-class';

const appFolder = path.resolve(import.meta.dirname, '..');

/** Any value: a prop the caller does not say, data, a call we cannot follow. Adds no class. */
const ANY = Symbol('any');
type Value = string | undefined | typeof ANY;
/** Bindings (a parameter's destructured prop) → what the caller gives them. */
type Env = Map<ts.Node, Value[]>;

const MAX_ALTERNATIVES = 4096;
const MAX_DEPTH = 5;

const buttonVariants = Object.keys({
  primary: 1,
  secondary: 1,
  outline: 1,
  'outline-danger': 1,
  ghost: 1,
  danger: 1,
} satisfies Record<ButtonVariant, 1>) as ButtonVariant[];
const buttonSizes = Object.keys({ sm: 1, md: 1, lg: 1 } satisfies Record<ButtonSize, 1>) as ButtonSize[];

const files = new Map<string, ts.SourceFile>();
for (const entry of readdirSync(appFolder, { recursive: true, encoding: 'utf8' })) {
  if (!/\.tsx?$/.test(entry) || /\.test\.tsx?$/.test(entry) || entry.endsWith('.d.ts')) continue;
  const file = path.join(appFolder, entry);
  files.set(file, ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
}

function where(node: ts.Node): string {
  const source = node.getSourceFile();
  const { line } = source.getLineAndCharacterOfPosition(node.getStart());
  return `${path.relative(appFolder, source.fileName)}:${line + 1}`;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)].slice(0, MAX_ALTERNATIVES);
}

function join(a: Value, b: Value): string {
  return [a, b].filter((part): part is string => typeof part === 'string' && part !== '').join(' ');
}

/** Every combination of the arguments' alternatives, joined as clsx would. */
function product(lists: Value[][]): Value[] {
  let result: Value[] = [''];
  for (const list of lists) result = unique(result.flatMap((left) => list.map((right) => join(left, right))));
  return result;
}

function isFunctionLike(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node);
}

/** The declarations directly in a scope (statements of a block or file, parameters of a function). */
function declarationsIn(scope: ts.Node, name: string): ts.Node[] {
  const found: ts.Node[] = [];
  const fromBinding = (binding: ts.BindingName) => {
    if (ts.isIdentifier(binding)) {
      if (binding.text === name) found.push(binding.parent);
      return;
    }
    for (const element of binding.elements) if (!ts.isOmittedExpression(element)) fromBinding(element.name);
  };
  if (isFunctionLike(scope)) for (const parameter of scope.parameters) fromBinding(parameter.name);
  if (ts.isBlock(scope) || ts.isSourceFile(scope)) {
    for (const statement of scope.statements) {
      if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations) fromBinding(declaration.name);
      if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) found.push(statement);
      if (ts.isImportDeclaration(statement)) {
        const bindings = statement.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) if (element.name.text === name) found.push(element);
      }
    }
  }
  return found;
}

/** The declaration an identifier names, looked up scope by scope. */
function declarationOf(identifier: ts.Identifier): ts.Node | undefined {
  for (let scope: ts.Node | undefined = identifier.parent; scope; scope = scope.parent) {
    const [found] = declarationsIn(scope, identifier.text);
    if (found) return found;
  }
  return undefined;
}

function moduleFile(from: ts.SourceFile, specifier: string): ts.SourceFile | undefined {
  const base = specifier.startsWith('~/')
    ? path.join(appFolder, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from.fileName), specifier)
      : undefined;
  if (!base) return undefined;
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, path.join(base, 'index.ts')]) {
    const file = files.get(candidate);
    if (file) return file;
  }
  return undefined;
}

/** What an import names: the declaration in the module it comes from (following `export … from`). */
function importedDeclaration(specifier: ts.ImportSpecifier): ts.Node | undefined {
  const module = specifier.parent.parent.parent.moduleSpecifier;
  if (!ts.isStringLiteral(module)) return undefined;
  const name = (specifier.propertyName ?? specifier.name).text;
  return exportedDeclaration(moduleFile(specifier.getSourceFile(), module.text), name);
}

function exportedDeclaration(file: ts.SourceFile | undefined, name: string): ts.Node | undefined {
  if (!file) return undefined;
  const [own] = declarationsIn(file, name).filter((node) => !ts.isImportSpecifier(node));
  if (own) return own;
  for (const statement of file.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.exportClause) continue;
    if (!ts.isNamedExports(statement.exportClause) || !statement.moduleSpecifier) continue;
    if (!ts.isStringLiteral(statement.moduleSpecifier)) continue;
    for (const element of statement.exportClause.elements)
      if (element.name.text === name)
        return exportedDeclaration(
          moduleFile(file, statement.moduleSpecifier.text),
          (element.propertyName ?? element.name).text,
        );
  }
  return undefined;
}

function resolve(identifier: ts.Identifier): ts.Node | undefined {
  const declaration = declarationOf(identifier);
  return declaration && ts.isImportSpecifier(declaration) ? importedDeclaration(declaration) : declaration;
}

function unwrap(node: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node)
  )
    node = node.expression;
  return node;
}

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)
    ? name.text
    : undefined;
}

/** The object literals an expression can be (a lookup table, one of its entries). */
function objectsOf(node: ts.Expression, env: Env): ts.ObjectLiteralExpression[] {
  node = unwrap(node);
  if (ts.isObjectLiteralExpression(node)) return [node];
  if (ts.isIdentifier(node)) {
    const declaration = resolve(node);
    if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer)
      return objectsOf(declaration.initializer, env);
    return [];
  }
  if (ts.isElementAccessExpression(node) || ts.isPropertyAccessExpression(node)) {
    const keys = ts.isPropertyAccessExpression(node)
      ? [node.name.text]
      : values(node.argumentExpression, env);
    return objectsOf(node.expression, env).flatMap((table) =>
      entries(table, keys).flatMap((entry) => objectsOf(entry, env)),
    );
  }
  return [];
}

/** A table's entries under these keys (all of them for a key we do not know). */
function entries(table: ts.ObjectLiteralExpression, keys: Value[]): ts.Expression[] {
  const all = table.properties.filter(ts.isPropertyAssignment);
  return unique(
    keys.flatMap((key) =>
      all
        .filter((property) => typeof key !== 'string' || propertyName(property.name) === key)
        .map((property) => property.initializer),
    ),
  );
}

/** The values an expression can have, as far as classes go. */
function values(node: ts.Expression, env: Env, depth = 0): Value[] {
  node = unwrap(node);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    // `${proseClass} mt-10`; a part we cannot know (`col-span-${n}`) counts as nothing.
    return node.templateSpans.reduce<Value[]>(
      (before, span) =>
        unique(
          before.flatMap((left) =>
            values(span.expression, env).map((middle) =>
              typeof left === 'string' && typeof middle === 'string'
                ? `${left}${middle}${span.literal.text}`
                : join(left, span.literal.text),
            ),
          ),
        ),
      [node.head.text],
    );
  if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword) return [undefined];
  if (ts.isConditionalExpression(node))
    return unique([...values(node.whenTrue, env, depth), ...values(node.whenFalse, env, depth)]);
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken)
      return unique([undefined, ...values(node.right, env)]);
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken)
      return unique([...values(node.left, env), ...values(node.right, env)]);
    if (operator === ts.SyntaxKind.PlusToken)
      return product([values(node.left, env), values(node.right, env)]).map((value) =>
        typeof value === 'string' ? value.replace(/ +/g, ' ') : value,
      );
    return [ANY];
  }
  if (ts.isArrayLiteralExpression(node)) return product(node.elements.map((element) => values(element, env)));
  if (ts.isObjectLiteralExpression(node))
    return product(
      node.properties.map((property) => {
        const name = property.name && propertyName(property.name);
        return name ? [undefined, name] : [ANY];
      }),
    );
  if (ts.isCallExpression(node)) return callValues(node, env);
  if (ts.isIdentifier(node)) {
    if (node.text === 'undefined') return [undefined];
    const declaration = resolve(node);
    if (!declaration) return [ANY];
    const given = env.get(declaration);
    if (given) return given;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer && depth < MAX_DEPTH)
      return values(declaration.initializer, env, depth + 1);
    if (ts.isBindingElement(declaration) && ts.isVariableDeclaration(declaration.parent.parent)) {
      // `const { className: tone } = looks[kind]`
      const initializer = declaration.parent.parent.initializer;
      const key = declaration.propertyName ?? declaration.name;
      const name = ts.isIdentifier(key) ? key.text : undefined;
      if (!initializer || !name) return [ANY];
      const objects = objectsOf(initializer, env);
      if (!objects.length) return [ANY];
      return unique(
        objects.flatMap((object) => entries(object, [name]).flatMap((entry) => values(entry, env))),
      );
    }
    return [ANY];
  }
  if (ts.isElementAccessExpression(node) || ts.isPropertyAccessExpression(node)) {
    const keys = ts.isPropertyAccessExpression(node)
      ? [node.name.text]
      : values(node.argumentExpression, env);
    const tables = objectsOf(node.expression, env);
    if (!tables.length) return [ANY];
    return unique(tables.flatMap((table) => entries(table, keys).flatMap((entry) => values(entry, env))));
  }
  return [ANY];
}

function isJoin(call: ts.CallExpression): boolean {
  return ts.isIdentifier(call.expression) && ['cn', 'clsx'].includes(call.expression.text);
}

function callValues(call: ts.CallExpression, env: Env): Value[] {
  if (isJoin(call)) return product(call.arguments.map((argument) => values(argument, env)));
  if (ts.isIdentifier(call.expression) && call.expression.text === 'buttonClass') {
    const choices = <T extends string>(argument: ts.Expression | undefined, all: T[]): (T | undefined)[] =>
      argument
        ? values(argument, env).flatMap((value) =>
            value === ANY || (typeof value === 'string' && !all.includes(value as T)) ? all : [value as T],
          )
        : [undefined];
    const [variant, size] = call.arguments;
    return unique(
      choices(variant, buttonVariants).flatMap((v) =>
        choices(size, buttonSizes).map((s) => buttonClass(v, s)),
      ),
    );
  }
  return [ANY];
}

interface Conflict {
  at: string;
  dropped: string[];
  classes: string;
}

const conflicts = new Map<string, Conflict>();

function check(value: Value, at: string) {
  if (typeof value !== 'string') return;
  const classes = unique(value.split(/\s+/).filter(Boolean));
  const kept = new Set(twMerge(classes.join(' ')).split(' '));
  const dropped = classes.filter((name) => !kept.has(name));
  if (!dropped.length) return;
  const conflict = { at, dropped, classes: classes.join(' ') };
  conflicts.set(JSON.stringify(conflict), conflict);
}

/** A component's function, when a JSX tag names one of ours whose props are destructured. */
function componentOf(tag: ts.JsxTagNameExpression): ts.FunctionLikeDeclaration | undefined {
  if (!ts.isIdentifier(tag) || !/^[A-Z]/.test(tag.text)) return undefined;
  const declaration = resolve(tag);
  if (!declaration) return undefined;
  const component =
    ts.isVariableDeclaration(declaration) && declaration.initializer ? declaration.initializer : declaration;
  if (!isFunctionLike(component)) return undefined;
  const [props] = component.parameters;
  return props && ts.isObjectBindingPattern(props.name) ? component : undefined;
}

/** Checks every class join in a component's body with what one caller gives it, and so on down. */
function checkUse(element: ts.JsxOpeningLikeElement, callerEnv: Env, chain: string, depth: number) {
  const component = componentOf(element.tagName);
  if (!component || depth > MAX_DEPTH) return;
  const given = new Map<string, Value[]>();
  for (const attribute of element.attributes.properties) {
    if (!ts.isJsxAttribute(attribute) || !ts.isIdentifier(attribute.name)) continue;
    const initializer = attribute.initializer;
    given.set(
      attribute.name.text,
      !initializer
        ? ['true']
        : ts.isStringLiteral(initializer)
          ? [initializer.text]
          : ts.isJsxExpression(initializer) && initializer.expression
            ? values(initializer.expression, callerEnv)
            : [ANY],
    );
  }
  const pattern = component.parameters[0]!.name as ts.ObjectBindingPattern;
  const env: Env = new Map();
  let classesGiven = false;
  for (const binding of pattern.elements) {
    const key = binding.propertyName ?? binding.name;
    const name = ts.isIdentifier(key) ? key.text : undefined;
    if (!name) continue;
    const value = given.get(name);
    if (value && /className$/i.test(name) && value.some((v) => typeof v === 'string')) classesGiven = true;
    env.set(
      binding,
      value ??
        (binding.initializer
          ? values(binding.initializer, callerEnv)
          : binding.dotDotDotToken
            ? [ANY]
            : [undefined]),
    );
  }
  if (!classesGiven) return;
  const here = `${chain} → ${where(component)}`;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isJoin(node)) {
      for (const value of callValues(node, env)) check(value, here);
      return;
    }
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node))
      checkUse(node, env, here, depth + 1);
    ts.forEachChild(node, visit);
  };
  if (component.body) visit(component.body);
}

/** Each conflict in these files, as "where: the classes that lose in "what the element gets"". */
function conflictsIn(sources: Iterable<ts.SourceFile>): string[] {
  conflicts.clear();
  for (const file of sources) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && isJoin(node))
        for (const value of callValues(node, new Map())) check(value, where(node));
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node))
        checkUse(node, new Map(), where(node), 0);
      // A class attribute written without a join: `className={`${proseClass} mt-10`}`, a ternary.
      if (ts.isJsxAttribute(node) && /className$/i.test(node.name.getText()) && node.initializer) {
        const expression = ts.isJsxExpression(node.initializer)
          ? node.initializer.expression
          : node.initializer;
        if (expression && !(ts.isCallExpression(expression) && isJoin(expression)))
          for (const value of values(expression, new Map())) check(value, where(node));
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return [...conflicts.values()].map(
    ({ at, dropped, classes }) => `${at}: ${dropped.join(' ')} loses in "${classes}"`,
  );
}

/** The colour names of the theme in app.css (`--color-primary-ink` → `primary-ink`). */
const themeColours = [
  ...readFileSync(path.join(appFolder, 'app.css'), 'utf8').matchAll(/--color-([\w-]+):/g),
].map((match) => match[1]!);

describe('class names', () => {
  it('never give one element two classes that set the same property', () => {
    expect(conflictsIn([...files.values()])).toEqual([]);
  });

  it('are checked against property groups that know the theme’s colours from its sizes', () => {
    // A theme colour tailwind-merge took for something else would hide `text-ink` beside `text-danger`.
    expect(themeColours).toContain('danger');
    for (const colour of themeColours) {
      expect(twMerge(`text-ink text-${colour}`)).toBe(`text-${colour}`);
      expect(twMerge(`bg-surface bg-${colour}`)).toBe(`bg-${colour}`);
      expect(twMerge(`text-sm text-${colour}`)).toBe(`text-sm text-${colour}`);
    }
  });

  it('finds a conflict in a join, a lookup table, a class attribute and what a caller gives a component', () => {
    const file = path.join(appFolder, 'features', 'example.tsx');
    const source = [
      "import { Button } from '~/ui/button';",
      "import { cn } from '~/ui/cn';",
      "import { Input } from '~/ui/field';",
      "import { Photo } from '~/ui/photo';",
      "const TONE = { quiet: 'bg-muted', loud: 'bg-primary text-on-primary' } as const;",
      'export function Example({ on, tone }: { on: boolean; tone: keyof typeof TONE }) {',
      '  return (',
      "    <div className={cn('p-4 text-ink', on && 'p-2')}>",
      "      <span className={cn('bg-surface rounded', TONE[tone])} />",
      '      <Button variant="ghost" className="text-danger" />',
      '      <Button variant="outline" size="sm" className="self-start" />',
      '      <Input label="x" containerClassName="flex-row" className="px-2" />',
      '      <Input label="y" type="color" className="mt-2" />',
      '      <Photo src={null} alt="" placeholder="" className="aspect-square sm:aspect-auto" />',
      "      <p className={on ? 'mt-2 mb-1 mt-4' : 'mt-1'} />",
      '    </div>',
      '  );',
      '}',
    ].join('\n');
    files.set(file, ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
    try {
      // The real components' lines move as they change: only which of them the conflict went through counts.
      const found = unique(
        conflictsIn([files.get(file)!]).map((line) =>
          line.replace(/ in ".*"$/, '').replace(/(ui\/[\w-]+\.tsx):\d+/g, '$1'),
        ),
      );
      expect(found.sort()).toEqual(
        [
          'features/example.tsx:8: p-4 loses',
          'features/example.tsx:9: bg-surface loses',
          'features/example.tsx:10 → ui/button.tsx: text-ink loses',
          'features/example.tsx:12 → ui/field.tsx → ui/field.tsx: flex-col loses',
          'features/example.tsx:12 → ui/field.tsx: px-3 loses',
          'features/example.tsx:14 → ui/photo.tsx: aspect-[3/2] loses',
          'features/example.tsx:15: mt-2 loses',
        ].sort(),
      );
    } finally {
      files.delete(file);
    }
  });
});
