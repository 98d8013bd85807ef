import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button-class';
import { cn } from './cn';

export { buttonClass, type ButtonVariant } from './button-class';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
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
