import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH } from '#contract/auth.plain';
import { useTranslation } from '~/platform/translation';
import { cn } from './cn';
import { FieldFrame, wiredTo } from './field';

const control =
  'h-10 w-full rounded-lg border border-line bg-surface py-2 pr-11 pl-3 text-ink placeholder:text-ink-soft ' +
  'aria-[invalid=true]:border-danger disabled:opacity-60';

interface PasswordInputProps extends Omit<ComponentProps<'input'>, 'type' | 'autoComplete' | 'minLength'> {
  /**
   * What the password is for: the one the person has (`current`), one being chosen (`new`: the length rule is
   * its hint, and the browser may suggest one), or the chosen one typed again (`confirmation`).
   */
  purpose: 'current' | 'new' | 'confirmation';
  label: ReactNode;
  error?: ReactNode;
}

/**
 * A required password field whose content can be shown, to check what was typed (labels, hint and error
 * wired).
 */
export function PasswordInput({ purpose, label, error, className, ...props }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  const chosen = purpose === 'new';
  return (
    <FieldFrame
      label={label}
      hint={chosen ? t('ui.newPasswordHint', { min: PASSWORD_MIN_LENGTH }) : undefined}
      error={error}
    >
      {(ids) => (
        <div className="relative">
          <input
            {...wiredTo(ids)}
            type={visible ? 'text' : 'password'}
            required
            autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
            minLength={chosen ? PASSWORD_MIN_LENGTH : undefined}
            className={cn(control, className)}
            {...props}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? t('ui.hidePassword') : t('ui.showPassword')}
            aria-pressed={visible}
            aria-controls={ids.id}
            className="text-ink-soft hover:text-ink absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg"
          >
            <Icon aria-hidden className="size-4" />
          </button>
        </div>
      )}
    </FieldFrame>
  );
}
