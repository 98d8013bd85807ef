import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';
import { FieldFrame } from './field';

const control =
  'h-10 w-full rounded-lg border border-line bg-surface py-2 pr-11 pl-3 text-ink placeholder:text-ink-soft ' +
  'aria-[invalid=true]:border-danger disabled:opacity-60';

interface PasswordInputProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  showLabel: string;
  hideLabel: string;
}

/** A password field whose content can be shown, to check what was typed (labels, hint and error wired). */
export function PasswordInput({
  label,
  hint,
  error,
  showLabel,
  hideLabel,
  className,
  ...props
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <div className="relative">
          <input
            id={id}
            type={visible ? 'text' : 'password'}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className={cn(control, className)}
            {...props}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? hideLabel : showLabel}
            aria-pressed={visible}
            aria-controls={id}
            className="text-ink-soft hover:text-ink absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg"
          >
            <Icon aria-hidden className="size-4" />
          </button>
        </div>
      )}
    </FieldFrame>
  );
}
