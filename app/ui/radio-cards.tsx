import { useId, type ReactNode } from 'react';

/** A group of radio cards under its legend, which names the group for screen readers. */
export function RadioCards({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  const legendId = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-labelledby={legendId}>
      <legend id={legendId} className="mb-1 font-semibold">
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}

/** One choice of a radio group as a card: its words and, under them, what choosing it means. */
export function RadioCard({
  name,
  value,
  checked,
  disabled = false,
  onSelect,
  label,
  detail,
}: {
  name: string;
  value?: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
  label: string;
  detail?: string;
}) {
  return (
    <label className="has-[:checked]:border-primary border-line bg-surface flex items-start gap-3 rounded-lg border p-3 has-[:disabled]:opacity-70">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        className="mt-1"
      />
      <span>
        <span className="block font-medium">{label}</span>
        {detail ? <span className="text-ink-soft block text-sm">{detail}</span> : null}
      </span>
    </label>
  );
}
