import type { TPhoto } from '#contract/photos';
import { cn } from '~/ui/cn';
import { Photo } from '~/ui/photo';

/** The first photo spans half the gallery on larger screens (all of it on phones), the others a quarter. */
const GALLERY_SIZES = {
  first: '(min-width: 1152px) 576px, (min-width: 640px) 50vw, 100vw',
  other: '(min-width: 1152px) 288px, (min-width: 640px) 25vw, 50vw',
};

/**
 * Where each photo sits on a wide screen (a 4 × 2 grid of fixed-height rows), by how many there are: the
 * first is the large one. On a phone the first is full width and the others two by two.
 */
const DESKTOP_CELLS: Record<number, string[]> = {
  1: ['sm:col-span-4 sm:row-span-2'],
  2: ['sm:col-span-2 sm:row-span-2', 'sm:col-span-2 sm:row-span-2'],
  3: ['sm:col-span-2 sm:row-span-2', 'sm:col-span-2', 'sm:col-span-2'],
  4: ['sm:col-span-2 sm:row-span-2', 'sm:col-span-2', '', ''],
  5: ['sm:col-span-2 sm:row-span-2', '', '', '', ''],
};

export function PhotoGallery({
  photos,
  label,
  placeholder,
}: {
  photos: TPhoto[];
  label: string;
  placeholder: string;
}) {
  if (!photos.length)
    return <Photo src={null} alt="" placeholder={placeholder} className="rounded-2xl sm:aspect-[3/1]" />;
  const shown = photos.slice(0, 5);
  const cells = DESKTOP_CELLS[shown.length] ?? [];
  return (
    <section aria-label={label}>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:grid-rows-[13rem_13rem]">
        {shown.map((photo, index) => (
          <li key={photo.id} className={cn(index === 0 && 'col-span-2', cells[index])}>
            <Photo
              src={photo.url}
              alt={photo.alt}
              placeholder={placeholder}
              priority={index === 0}
              sizes={index === 0 ? GALLERY_SIZES.first : GALLERY_SIZES.other}
              className="rounded-xl sm:aspect-auto sm:h-full"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
