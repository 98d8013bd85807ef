import { ImageOff } from 'lucide-react';
import { cn } from './cn';

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
  className,
}: {
  src: string | null | undefined;
  alt: string;
  /** Text of the placeholder shown when there is no photo. */
  placeholder: string;
  eager?: boolean;
  priority?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('bg-muted relative aspect-[3/2] overflow-hidden', className)}>
      {src ? (
        <img
          src={src}
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
