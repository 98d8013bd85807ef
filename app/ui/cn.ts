import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, and of two utilities that set the same property keeps the later one: Tailwind 4 orders
 * its CSS by its own rules, not by the order of the class names, so `text-danger` after a variant's
 * `text-ink` would otherwise lose. tailwind-merge 3 reads our theme's colour names (`text-danger`,
 * `bg-primary`) as colours and `text-sm` as a size without configuration (app/ui/cn.test.ts checks it).
 */
export function cn(...values: ClassValue[]): string {
  return twMerge(clsx(values));
}
