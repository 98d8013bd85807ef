import type { TRoomInput } from '#contract/back-office';

/** A valid room, for tests that need one. */
export const SAMPLE_ROOM: TRoomInput = {
  kind: 'meeting_room',
  name: 'Salle Test',
  descriptionFr: '',
  descriptionEn: '',
  capacity: 6,
  amenities: ['screen'],
  hourlyPriceCents: 3000,
  halfDayPriceCents: null,
  dayPriceCents: null,
  vatRateBasisPoints: 2000,
  minDurationMinutes: 60,
  maxDurationMinutes: 480,
  bookingStepMinutes: 30,
  bufferMinutes: 0,
  leadTimeMinutes: 60,
  horizonDays: 90,
  requiresApproval: false,
  deskGroup: null,
};
