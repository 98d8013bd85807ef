import { useState, type ChangeEvent } from 'react';

/** The keys of a draft whose values are texts: what a text field, a text area or a select edits. */
type TextKey<D> = { [K in keyof D]-?: D[K] extends string ? K : never }[keyof D];

/**
 * A form's values while they are edited (its draft), a setter for one of them, and `textField(key)`: the props
 * that tie a text control to one value (the value, its edit) and to the server's refusal of it, which
 * `errorOf` finds under the value's own name or under the name the server gives it (`refusedAs`).
 */
export function useDraft<D extends object>(
  initial: D | (() => D),
  errorOf: (field: string) => string | undefined = () => undefined,
) {
  const [draft, setDraft] = useState<D>(initial);
  const set = <K extends keyof D>(key: K, value: D[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const textField = <K extends TextKey<D>>(key: K, refusedAs: string = String(key)) => ({
    value: draft[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setDraft((current) => ({ ...current, [key]: event.target.value })),
    error: errorOf(refusedAs),
  });
  return { draft, set, setDraft, reset: () => setDraft(initial), textField };
}

/**
 * A number typed in a field: empty → null, a decimal comma read as a point, otherwise a number (NaN when it is
 * not one, refused by the server).
 */
export function numberTyped(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  return cleaned ? Number(cleaned) : null;
}

/** The values chosen among `all` (a group of checkboxes) once `value` is checked or not, in the order of `all`. */
export function choiceToggled<V>(all: readonly V[], chosen: readonly V[], value: V, on: boolean): V[] {
  return all.filter((item) => (item === value ? on : chosen.includes(item)));
}
