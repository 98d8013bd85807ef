import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

const variants = {
  primary: 'bg-primary text-on-primary hover:brightness-110 active:brightness-95',
  secondary: 'bg-secondary text-on-secondary hover:brightness-105 active:brightness-95',
  outline: 'border border-line bg-surface text-ink hover:bg-muted',
  ghost: 'text-ink hover:bg-muted',
  danger: 'bg-danger text-white hover:brightness-110',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4',
  lg: 'h-12 px-6 text-lg',
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = 'primary', size: keyof typeof sizes = 'md') {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition',
    'disabled:pointer-events-none disabled:opacity-50',
    variants[variant],
    sizes[size],
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
  /** Renders the child element (a link, say) with the button's look. */
  asChild?: boolean;
}

export function Button({ variant, size, asChild, className, type = 'button', ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      type={asChild ? undefined : type}
      className={cn(buttonClass(variant, size), className)}
      {...props}
    />
  );
}
