import type { TRoomDetail } from '#contract/rooms';
import type { TSpaceDetail } from '#contract/spaces';
import { decimalOf } from '#contract/money';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A URL of this site from a path, with the configured public origin. */
type Absolute = (path: string) => string;

function postalAddress(space: { addressLine: string; postcode: string; city: string; country?: string }) {
  return {
    '@type': 'PostalAddress',
    streetAddress: space.addressLine,
    postalCode: space.postcode,
    addressLocality: space.city,
    addressCountry: space.country ?? 'FR',
  };
}

/** schema.org `LocalBusiness` (a Place) for a space page: address, position, hours, photos, rooms. */
export function spaceJsonLd(space: TSpaceDetail, absolute: Absolute) {
  const url = absolute(`/spaces/${space.slug}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': url,
    url,
    name: space.name,
    description: space.description,
    address: postalAddress(space),
    ...(space.latitude !== null && space.longitude !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: space.latitude, longitude: space.longitude } }
      : {}),
    image: space.photos.map((photo) => absolute(photo.url)),
    openingHoursSpecification: space.openingHours.map((interval) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${DAY_NAMES[interval.weekday - 1]}`,
      opens: interval.opens,
      closes: interval.closes === '24:00' ? '23:59' : interval.closes,
    })),
    specialOpeningHoursSpecification: space.closures.map((closure) => ({
      '@type': 'OpeningHoursSpecification',
      validFrom: closure.startsOn,
      validThrough: closure.endsOn,
      opens: '00:00',
      closes: '00:00',
    })),
    amenityFeature: space.amenities.map((amenity) => ({
      '@type': 'LocationFeatureSpecification',
      name: amenity,
      value: true,
    })),
    containsPlace: space.rooms.map((room) => ({
      '@type': room.kind === 'meeting_room' ? 'MeetingRoom' : 'Room',
      name: room.name,
      url: absolute(`/spaces/${space.slug}/rooms/${room.id}`),
      maximumAttendeeCapacity: room.capacity,
    })),
  };
}

/** schema.org `MeetingRoom` / `Room` for a room page, inside its space, with its prices as offers. */
export function roomJsonLd(room: TRoomDetail, absolute: Absolute) {
  // Per hour, per half-day (4 hours) and per day, in UN/CEFACT units.
  const prices = [
    { cents: room.prices.hourlyCents, quantity: 1, unitCode: 'HUR' },
    { cents: room.prices.halfDayCents, quantity: 4, unitCode: 'HUR' },
    { cents: room.prices.dayCents, quantity: 1, unitCode: 'DAY' },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': room.kind === 'meeting_room' ? 'MeetingRoom' : 'Room',
    '@id': absolute(`/spaces/${room.space.slug}/rooms/${room.id}`),
    name: room.name,
    description: room.description,
    maximumAttendeeCapacity: room.capacity,
    image: room.photos.map((photo) => absolute(photo.url)),
    containedInPlace: {
      '@type': 'LocalBusiness',
      '@id': absolute(`/spaces/${room.space.slug}`),
      name: room.space.name,
      address: postalAddress(room.space),
    },
    offers: prices
      .filter((offer) => offer.cents !== null)
      .map((offer) => {
        const price = decimalOf(offer.cents ?? 0);
        return {
          '@type': 'Offer',
          price,
          priceCurrency: room.prices.currency,
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price,
            priceCurrency: room.prices.currency,
            valueAddedTaxIncluded: true,
            referenceQuantity: {
              '@type': 'QuantitativeValue',
              value: offer.quantity,
              unitCode: offer.unitCode,
            },
          },
        };
      }),
  };
}
