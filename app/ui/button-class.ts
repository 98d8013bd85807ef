import { clsx } from 'clsx';

const variants = {
  primary: 'bg-primary text-on-primary hover:brightness-110 active:brightness-95',
  secondary: 'bg-secondary text-on-secondary hover:brightness-105 active:brightness-95',
  outline: 'border border-line bg-surface text-ink hover:bg-muted',
  /** An outline button for a destructive action that is not the page's main one (cancel, revoke). */
  'outline-danger': 'border border-line bg-surface text-danger hover:bg-muted',
  ghost: 'text-ink hover:bg-muted',
  danger: 'bg-danger text-white hover:brightness-110',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4',
  lg: 'h-12 px-6 text-lg',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/**
 * A button's classes. Plain `clsx`: the base, a variant and a size never set the same property, so nothing
 * needs merging, and the page shell (which uses it) does not load tailwind-merge (issue 18).
 */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition',
    'disabled:pointer-events-none disabled:opacity-50',
    variants[variant],
    sizes[size],
  );
}
