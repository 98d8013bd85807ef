import type { ComponentProps } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button-class';
import { cn } from './cn';

export { buttonClass, type ButtonVariant } from './button-class';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A button; a link that should look like one takes `buttonClass` (app/ui/button-class.ts). */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonClass(variant, size), className)} {...props} />;
}
