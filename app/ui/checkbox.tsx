import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';
import { useErrorUntilValid } from './field-validity';

/**
 * A checkbox with its label, hint and error, like the fields of ./field.tsx (which re-exports it). A module of
 * its own: the room page's booking panel draws one and needs none of the other fields (decision 031).
 */
export function Checkbox({
  label,
  hint,
  error: givenError,
  className,
  ...props
}: { label: ReactNode; hint?: ReactNode; error?: ReactNode } & Omit<ComponentProps<'input'>, 'type'>) {
  const id = useId();
  const { shown: error, onEdit } = useErrorUntilValid(id, givenError);
  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)} onChange={onEdit}>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className="accent-primary mt-1 size-4 shrink-0"
          {...props}
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-ink-soft text-sm">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-danger text-sm" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
