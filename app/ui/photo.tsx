import { ImageOff } from 'lucide-react';
import { cn } from './cn';

/**
 * A photo in a fixed-ratio frame (no layout shift while it loads), or a neutral placeholder saying there
 * is none yet. `eager` for the first image of a page, lazy otherwise.
 */
export function Photo({
  src,
  alt,
  placeholder,
  eager = false,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  /** Text of the placeholder shown when there is no photo. */
  placeholder: string;
  eager?: boolean;
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
          loading={eager ? 'eager' : 'lazy'}
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
