import { clsx } from 'clsx';
import { AVATAR_WIDTHS, srcSetOf } from '#contract/image-variants';

/** Up to two initials of a name (`Camille Martin` → `CM`). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => [...word][0]?.toUpperCase() ?? '').join('') || '?';
}

const sizes = { sm: 'size-8 text-xs', md: 'size-12 text-base', lg: 'size-24 text-2xl' } as const;
/** The same sizes in CSS pixels, for `sizes` (the browser picks the width it needs from `srcset`). */
const pixels = { sm: '32px', md: '48px', lg: '96px' } as const;

/** A person's picture, or their initials on the primary colour; decorative next to their name. */
export function Avatar({
  name,
  image,
  size = 'sm',
  className,
}: {
  name: string;
  image: string | null;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const frame = clsx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    sizes[size],
    className,
  );
  if (image) {
    const srcSet = srcSetOf(image, AVATAR_WIDTHS);
    return (
      <img
        src={image}
        srcSet={srcSet}
        sizes={srcSet ? pixels[size] : undefined}
        alt=""
        className={clsx(frame, 'bg-muted object-cover')}
      />
    );
  }
  return (
    <span aria-hidden className={clsx(frame, 'bg-primary text-on-primary font-semibold')}>
      {initialsOf(name)}
    </span>
  );
}
