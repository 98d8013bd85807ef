import { Progress as RadixProgress } from 'radix-ui';
import type { ReactNode } from 'react';

/** Seed section 9: the maximum defaults to 100. */
export const PROGRESS_MAX = 100;

export function Progress({
  value,
  max = PROGRESS_MAX,
  label,
}: {
  value: number | null;
  max?: number;
  label: string;
}) {
  const percent = value === null ? 0 : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <RadixProgress.Root
      value={value}
      max={max}
      aria-label={label}
      className="bg-muted relative h-2 w-full overflow-hidden rounded-full"
    >
      <RadixProgress.Indicator
        className="bg-primary h-full transition-[width] duration-200"
        style={{ width: `${percent}%` }}
      />
    </RadixProgress.Root>
  );
}

/** An upload's bar and, under it, where it is in words, read out as it changes. */
export function UploadProgress({
  value,
  label,
  status,
}: {
  value: number;
  label: string;
  status: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <Progress value={value} label={label} />
      <p className="text-ink-soft text-sm" role="status">
        {status}
      </p>
    </div>
  );
}
