/**
 * Joins class names (conditional ones too) and merges nothing: Tailwind orders its CSS by its own rules, not
 * by the order of the names, so no element may get two classes that set the same property. A component says
 * what a caller may change by its props (a variant, a tone); a caller's `className` adds what the component
 * leaves open (margins, width, placement). app/ui/class-conflicts.test.ts reads the code and fails on a
 * conflict. Plain `clsx`, so no page loads tailwind-merge (issue 18).
 */
export { clsx as cn } from 'clsx';
