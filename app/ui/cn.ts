import { clsx, type ClassValue } from 'clsx';

/** Joins class names; later utilities are written to win, so no merging library is needed. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
