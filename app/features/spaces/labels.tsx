import {
  Accessibility,
  ArrowUpDown,
  Armchair,
  Bike,
  Car,
  Clock,
  ConciergeBell,
  Coffee,
  CookingPot,
  DoorOpen,
  Handshake,
  Lock,
  Mic,
  Monitor,
  PawPrint,
  Phone,
  Presentation,
  Printer,
  Projector,
  ShowerHead,
  Snowflake,
  Speaker,
  Sun,
  SunMedium,
  Video,
  VolumeX,
  Wifi,
  type LucideIcon,
} from 'lucide-react';
import type { TFunction } from 'i18next';
import type { Amenity } from '#contract/amenities';
import type { RoomKind } from '#contract/rooms';

export const AMENITY_ICONS: Record<Amenity, LucideIcon> = {
  wifi: Wifi,
  coffee: Coffee,
  kitchen: CookingPot,
  printer: Printer,
  reception: ConciergeBell,
  lockers: Lock,
  phone_booths: Phone,
  showers: ShowerHead,
  bike_parking: Bike,
  car_parking: Car,
  terrace: Sun,
  accessible: Accessibility,
  open_24_7: Clock,
  pets_allowed: PawPrint,
  screen: Monitor,
  projector: Projector,
  videoconference: Video,
  whiteboard: Presentation,
  natural_light: SunMedium,
  air_conditioning: Snowflake,
  soundproofing: VolumeX,
  standing_desk: ArrowUpDown,
  sound_system: Speaker,
};

export const KIND_ICONS: Record<RoomKind, LucideIcon> = {
  meeting_room: Handshake,
  private_office: DoorOpen,
  desk: Armchair,
  event_hall: Mic,
};

/** "1 h 30", "45 minutes", "4 heures": a length of time as people say it. */
export function durationLabel(minutes: number, t: TFunction): string {
  if (minutes < 60) return t('spaces:duration.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return t('spaces:duration.hours', { count: hours });
  return t('spaces:duration.hoursMinutes', { hours, minutes: String(rest).padStart(2, '0') });
}

/** The amenities as a list with icons. */
export function AmenityList({ amenities, t }: { amenities: Amenity[]; t: TFunction }) {
  return (
    <ul className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
      {amenities.map((amenity) => {
        const Icon = AMENITY_ICONS[amenity];
        return (
          <li key={amenity} className="flex items-center gap-2">
            <Icon aria-hidden className="text-primary-ink size-5 shrink-0" />
            <span>{t(`spaces:amenities.${amenity}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}
