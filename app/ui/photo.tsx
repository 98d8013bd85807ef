import { ImageOff } from 'lucide-react';
import { srcSetOf } from '#contract/image-variants';
import { cn } from './cn';

/**
 * How wide images are shown (`sizes`), so the browser picks the width it needs from `srcset`
 * (contract/image-variants.ts): a card of a three-column grid (max-w-6xl), a page's column (max-w-3xl),
 * a thumbnail.
 */
export const IMAGE_SIZES = {
  card: '(min-width: 1152px) 384px, (min-width: 640px) 50vw, 100vw',
  column: '(min-width: 768px) 736px, 100vw',
  thumbnail: '96px',
} as const;

/**
 * A photo in a fixed-ratio frame (no layout shift while it loads), or a neutral placeholder saying there
 * is none yet. Lazy, unless `eager` (in the first screen); `priority` for the page's main image, its
 * largest paint: fetched first.
 */
export function Photo({
  src,
  alt,
  placeholder,
  eager = false,
  priority = false,
  sizes = IMAGE_SIZES.card,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  /** Text of the placeholder shown when there is no photo. */
  placeholder: string;
  eager?: boolean;
  priority?: boolean;
  /** How wide the photo is shown (`sizes`); a card's by default. */
  sizes?: string;
  className?: string;
}) {
  return (
    <div className={cn('bg-muted relative aspect-[3/2] overflow-hidden', className)}>
      {src ? (
        <img
          src={src}
          srcSet={srcSetOf(src)}
          sizes={srcSetOf(src) ? sizes : undefined}
          alt={alt}
          width={1200}
          height={800}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className="h-full w-full object-cover"
        />
      ) : (
        <div className="text-ink-soft flex h-full w-full flex-col items-center justify-center gap-2 text-sm">
          <ImageOff aria-hidden className="size-8" />
          <span>{placeholder}</span>
        </div>
      )}
    </div>
  );
}
