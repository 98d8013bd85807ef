/**
 * A table that stays a table on wide screens and becomes stacked cards on phones (below `sm`): each row a
 * bordered block, each cell a line "label … value" with its column's name from `data-label`. The headers
 * stay in the page for screen readers; only their look changes.
 */
export const stacked = {
  table: 'w-full text-left text-sm max-sm:block',
  thead: 'max-sm:sr-only',
  tbody: 'max-sm:flex max-sm:flex-col max-sm:gap-3',
  tr: 'border-line border-b max-sm:block max-sm:rounded-xl max-sm:border max-sm:p-3',
  th: 'py-2 pr-3',
  /** Its rules are in app/app.css (`.stacked-cell`): a long table would repeat them in every cell's class. */
  td: 'stacked-cell',
} as const;
