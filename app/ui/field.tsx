import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';
import { useErrorUntilValid } from './field-validity';

export { Checkbox } from './checkbox';

const control =
  'w-full rounded-lg border border-line bg-surface text-ink placeholder:text-ink-soft ' +
  'aria-[invalid=true]:border-danger disabled:opacity-60';
/** Room around the text; a colour picker's swatch fills its field but for a thin margin. */
const padding = 'px-3 py-2';
const swatchPadding = 'p-1';

interface ControlIds {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  children: (ids: ControlIds) => ReactNode;
}

/** Label, control, hint and error wired together for screen readers. */
export function FieldFrame({ label, hint, error: givenError, className, children }: FieldFrameProps) {
  const id = useId();
  const { shown: error, onEdit } = useErrorUntilValid(id, givenError);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)} onChange={onEdit}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <p id={hintId} className="text-ink-soft text-sm">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-danger text-sm" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The attributes that tie a control to its FieldFrame's label, hint and error. */
export function wiredTo({ id, describedBy, invalid }: ControlIds) {
  return { id, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined };
}

type FieldProps = { label: ReactNode; hint?: ReactNode; error?: ReactNode; containerClassName?: string };

// Each control names its frame's props in its signature (not through a helper): the class-conflict test
// follows a caller's `className` and `containerClassName` from there to the elements they reach.
export function Input({
  label,
  hint,
  error,
  containerClassName,
  className,
  ...input
}: FieldProps & ComponentProps<'input'>) {
  const size = input.type === 'color' ? swatchPadding : padding;
  return (
    <FieldFrame label={label} hint={hint} error={error} className={containerClassName}>
      {(ids) => <input {...wiredTo(ids)} {...input} className={cn(control, size, 'h-10', className)} />}
    </FieldFrame>
  );
}

export function Textarea({
  label,
  hint,
  error,
  containerClassName,
  className,
  ...area
}: FieldProps & ComponentProps<'textarea'>) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={containerClassName}>
      {(ids) => (
        <textarea {...wiredTo(ids)} {...area} className={cn(control, padding, 'min-h-24', className)} />
      )}
    </FieldFrame>
  );
}

/** One option of a select: the value sent and the words shown (`lang` when they are in another language). */
interface Choice {
  value: string | number;
  label: ReactNode;
  lang?: string;
}

/** The choices of a list of values (an enum of the contract), each shown in the words `labelOf` gives it. */
export function choicesOf<V extends string | number>(
  values: readonly V[],
  labelOf: (value: V) => ReactNode,
): Choice[] {
  return values.map((value) => ({ value, label: labelOf(value) }));
}

/**
 * A native select: the most usable picker on phones, and accessible as it is. Its options are its `choices`,
 * after any option given as children (a placeholder, an "any").
 */
export function Select({
  label,
  hint,
  error,
  containerClassName,
  className,
  choices = [],
  children,
  ...select
}: FieldProps & ComponentProps<'select'> & { choices?: readonly Choice[] }) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={containerClassName}>
      {(ids) => (
        <select {...wiredTo(ids)} {...select} className={cn(control, padding, 'h-10', className)}>
          {children}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value} lang={choice.lang}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** A filter's select: "any" (the empty value) first, then each choice. */
export function FilterSelect({
  anyLabel,
  ...props
}: FieldProps &
  Omit<ComponentProps<'select'>, 'children'> & {
    anyLabel: string;
    choices: readonly Choice[];
  }) {
  return (
    <Select {...props}>
      <option value="">{anyLabel}</option>
    </Select>
  );
}
