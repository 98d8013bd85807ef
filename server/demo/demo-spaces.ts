/**
 * Demo spaces for a fresh `npm start`: ten spaces in six French cities (one still a draft), with rooms of
 * every kind, varied prices (cents, excluding VAT), hours and amenities. Two have subdomains (acme,
 * laruche). Other features' demo data names these slugs: keep them.
 */
import type { RoomAmenity, SpaceAmenity } from '#contract/amenities';
import type { RoomKind } from '#contract/rooms';
import type { SpaceStatus } from '#contract/spaces';
import type { IllustrationScene } from '../features/spaces/illustrations';

export interface DemoRoom {
  kind: RoomKind;
  name: string;
  descriptionFr: string;
  descriptionEn: string;
  capacity: number;
  amenities: RoomAmenity[];
  hourlyPriceCents?: number;
  halfDayPriceCents?: number;
  dayPriceCents?: number;
  minDurationMinutes?: number;
  maxDurationMinutes?: number;
  bookingStepMinutes?: number;
  bufferMinutes?: number;
  leadTimeMinutes?: number;
  horizonDays?: number;
  requiresApproval?: boolean;
  deskGroup?: string;
}

export interface DemoSpace {
  slug: string;
  name: string;
  subdomain: string | null;
  color: string | null;
  status: SpaceStatus;
  addressLine: string;
  postcode: string;
  city: string;
  latitude: number;
  longitude: number;
  descriptionFr: string;
  descriptionEn: string;
  amenities: SpaceAmenity[];
  /** ISO weekday → intervals `HH:MM-HH:MM`. */
  hours: Partial<Record<1 | 2 | 3 | 4 | 5 | 6 | 7, string[]>>;
  closures: Array<{ startsOn: string; endsOn: string; label: string }>;
  photos: Array<{ scene: IllustrationScene; altFr: string; altEn: string }>;
  rooms: DemoRoom[];
}

const weekdays = (...intervals: string[]) => ({
  1: intervals,
  2: intervals,
  3: intervals,
  4: intervals,
  5: intervals,
});

const HOLIDAYS_2026 = [
  { startsOn: '2026-05-01', endsOn: '2026-05-01', label: 'Fête du Travail' },
  { startsOn: '2026-07-14', endsOn: '2026-07-14', label: 'Fête nationale' },
  { startsOn: '2026-12-24', endsOn: '2026-12-27', label: 'Fêtes de fin d’année' },
];

/** `count` desks of one open space, "Poste 1" to "Poste n". */
function openSpaceDesks(
  count: number,
  group: string,
  prices: { halfDayPriceCents: number; dayPriceCents: number },
  amenities: RoomAmenity[] = ['natural_light'],
): DemoRoom[] {
  return Array.from({ length: count }, (_, index) => ({
    kind: 'desk' as const,
    name: `${group} · Poste ${index + 1}`,
    descriptionFr: 'Un poste en open space : bureau, chaise ergonomique, lampe et prises à portée de main.',
    descriptionEn: 'An open-space desk: desk, ergonomic chair, lamp and sockets within reach.',
    capacity: 1,
    amenities,
    ...prices,
    minDurationMinutes: 240,
    maxDurationMinutes: 720,
    bookingStepMinutes: 60,
    leadTimeMinutes: 0,
    deskGroup: group,
  }));
}

export const DEMO_SPACES: DemoSpace[] = [
  {
    slug: 'acme-coworking-paris',
    name: 'Acme Coworking',
    subdomain: 'acme',
    color: '#0f766e',
    status: 'published',
    addressLine: '27 rue Oberkampf',
    postcode: '75011',
    city: 'Paris',
    latitude: 48.8649,
    longitude: 2.3718,
    descriptionFr:
      'Au cœur du 11e arrondissement, Acme occupe trois étages d’un ancien atelier de mécanique. Grandes verrières, salles de réunion équipées pour la visio, open space calme et une cuisine où l’on se retrouve à midi. À deux pas du métro Oberkampf.',
    descriptionEn:
      'In the heart of the 11th arrondissement, Acme fills three floors of a former machine workshop. Tall glass roofs, meeting rooms set up for video calls, a quiet open space and a kitchen where everyone meets at lunch. Two minutes from Oberkampf metro.',
    amenities: [
      'wifi',
      'coffee',
      'kitchen',
      'printer',
      'reception',
      'phone_booths',
      'bike_parking',
      'accessible',
    ],
    hours: { ...weekdays('08:30-20:00'), 6: ['10:00-18:00'] },
    closures: HOLIDAYS_2026,
    photos: [
      {
        scene: 'facade',
        altFr: 'La façade d’Acme Coworking, rue Oberkampf',
        altEn: 'Acme Coworking’s front on rue Oberkampf',
      },
      { scene: 'lounge', altFr: 'Le salon et la cuisine partagée', altEn: 'The lounge and shared kitchen' },
      { scene: 'desk', altFr: 'L’open space sous la verrière', altEn: 'The open space under the glass roof' },
    ],
    rooms: [
      {
        kind: 'meeting_room',
        name: 'Salle Voltaire',
        descriptionFr:
          'Salle lumineuse pour huit personnes avec écran 65 pouces et caméra de visioconférence.',
        descriptionEn: 'A bright room for eight with a 65-inch screen and a video-conference camera.',
        capacity: 8,
        amenities: ['screen', 'videoconference', 'whiteboard', 'natural_light'],
        hourlyPriceCents: 4500,
        halfDayPriceCents: 15000,
        dayPriceCents: 28000,
        bufferMinutes: 15,
      },
      {
        kind: 'meeting_room',
        name: 'Salle Parmentier',
        descriptionFr: 'Petite salle de quatre places, idéale pour un entretien ou un point d’équipe.',
        descriptionEn: 'A small room for four, right for an interview or a team catch-up.',
        capacity: 4,
        amenities: ['screen', 'whiteboard'],
        hourlyPriceCents: 2500,
        halfDayPriceCents: 8000,
        dayPriceCents: 14000,
        minDurationMinutes: 30,
      },
      {
        kind: 'private_office',
        name: 'Bureau Ménilmontant',
        descriptionFr: 'Bureau fermé pour une équipe de quatre, avec rangements et vue sur cour.',
        descriptionEn: 'A private office for a team of four, with storage and a courtyard view.',
        capacity: 4,
        amenities: ['natural_light', 'air_conditioning', 'soundproofing'],
        halfDayPriceCents: 9000,
        dayPriceCents: 16000,
        minDurationMinutes: 240,
        bookingStepMinutes: 60,
      },
      ...openSpaceDesks(4, 'Open space', { halfDayPriceCents: 1500, dayPriceCents: 2500 }),
    ],
  },
  {
    slug: 'la-ruche-lyon',
    name: 'La Ruche Lyon',
    subdomain: 'laruche',
    color: '#b45309',
    status: 'published',
    addressLine: '8 quai Saint-Vincent',
    postcode: '69001',
    city: 'Lyon',
    latitude: 45.7686,
    longitude: 4.8235,
    descriptionFr:
      'Sur les quais de Saône, La Ruche réunit indépendants, associations et petites équipes dans un immeuble canut rénové. Hauts plafonds, poutres apparentes, terrasse sur le toit et une grande salle pour vos ateliers et conférences.',
    descriptionEn:
      'On the banks of the Saône, La Ruche brings together freelancers, non-profits and small teams in a renovated silk-workers’ building. High ceilings, exposed beams, a roof terrace and a large hall for your workshops and talks.',
    amenities: ['wifi', 'coffee', 'kitchen', 'terrace', 'lockers', 'showers', 'bike_parking', 'pets_allowed'],
    hours: { ...weekdays('08:00-19:00') },
    closures: [
      ...HOLIDAYS_2026,
      { startsOn: '2026-08-10', endsOn: '2026-08-21', label: 'Fermeture estivale' },
    ],
    photos: [
      { scene: 'lounge', altFr: 'L’espace détente de La Ruche', altEn: 'La Ruche’s lounge' },
      {
        scene: 'event_hall',
        altFr: 'La grande salle prête pour une conférence',
        altEn: 'The main hall set up for a talk',
      },
    ],
    rooms: [
      {
        kind: 'event_hall',
        name: 'La Grande Halle',
        descriptionFr: 'Salle de 80 places assises avec scène, sonorisation et vidéoprojecteur.',
        descriptionEn: 'An 80-seat hall with a stage, sound system and projector.',
        capacity: 80,
        amenities: ['projector', 'sound_system', 'natural_light'],
        hourlyPriceCents: 12000,
        halfDayPriceCents: 40000,
        dayPriceCents: 70000,
        minDurationMinutes: 120,
        bufferMinutes: 60,
        leadTimeMinutes: 2880,
        horizonDays: 365,
        requiresApproval: true,
      },
      {
        kind: 'meeting_room',
        name: 'Salle Croix-Rousse',
        descriptionFr: 'Table pour dix, tableau blanc sur tout un mur et écran de présentation.',
        descriptionEn: 'A table for ten, a full-wall whiteboard and a presentation screen.',
        capacity: 10,
        amenities: ['screen', 'whiteboard', 'videoconference'],
        hourlyPriceCents: 4000,
        halfDayPriceCents: 13000,
        dayPriceCents: 24000,
      },
      {
        kind: 'meeting_room',
        name: 'Salle Fourvière',
        descriptionFr: 'Salle de six places au calme, côté cour.',
        descriptionEn: 'A quiet room for six, on the courtyard side.',
        capacity: 6,
        amenities: ['screen', 'natural_light'],
        hourlyPriceCents: 3000,
        halfDayPriceCents: 10000,
        dayPriceCents: 18000,
      },
      ...openSpaceDesks(6, 'Atelier', { halfDayPriceCents: 1200, dayPriceCents: 2000 }),
    ],
  },
  {
    slug: 'les-docks-bordeaux',
    name: 'Les Docks',
    subdomain: null,
    color: null,
    status: 'published',
    addressLine: '15 quai de Bacalan',
    postcode: '33300',
    city: 'Bordeaux',
    latitude: 44.862,
    longitude: -0.553,
    descriptionFr:
      'Un ancien entrepôt portuaire transformé en lieu de travail face à la Garonne. Bureaux privatifs, salles de réunion et un café ouvert à tous au rez-de-chaussée.',
    descriptionEn:
      'A former harbour warehouse turned into a workplace facing the Garonne. Private offices, meeting rooms and a café open to all on the ground floor.',
    amenities: ['wifi', 'coffee', 'car_parking', 'bike_parking', 'accessible', 'printer'],
    hours: { ...weekdays('08:00-12:30', '13:30-19:00') },
    closures: HOLIDAYS_2026,
    photos: [
      {
        scene: 'facade',
        altFr: 'L’entrepôt des Docks sur le quai de Bacalan',
        altEn: 'The Docks warehouse on quai de Bacalan',
      },
      { scene: 'private_office', altFr: 'Un bureau privatif', altEn: 'A private office' },
    ],
    rooms: [
      {
        kind: 'private_office',
        name: 'Bureau Garonne',
        descriptionFr: 'Bureau pour six avec vue sur le fleuve.',
        descriptionEn: 'An office for six overlooking the river.',
        capacity: 6,
        amenities: ['natural_light', 'air_conditioning'],
        halfDayPriceCents: 11000,
        dayPriceCents: 19000,
        minDurationMinutes: 240,
      },
      {
        kind: 'private_office',
        name: 'Bureau Bassins',
        descriptionFr: 'Bureau pour deux, calme, sur l’arrière du bâtiment.',
        descriptionEn: 'A quiet office for two at the back of the building.',
        capacity: 2,
        amenities: ['soundproofing'],
        halfDayPriceCents: 5000,
        dayPriceCents: 8500,
        minDurationMinutes: 240,
      },
      {
        kind: 'meeting_room',
        name: 'Salle Cap Sciences',
        descriptionFr: 'Salle de douze places, visioconférence et paperboard.',
        descriptionEn: 'A room for twelve with video conferencing and a flip chart.',
        capacity: 12,
        amenities: ['screen', 'videoconference', 'whiteboard'],
        hourlyPriceCents: 5000,
        halfDayPriceCents: 16000,
        dayPriceCents: 30000,
      },
    ],
  },
  {
    slug: 'atelier-montmartre-paris',
    name: 'L’Atelier Montmartre',
    subdomain: null,
    color: '#7c3aed',
    status: 'published',
    addressLine: '42 rue des Abbesses',
    postcode: '75018',
    city: 'Paris',
    latitude: 48.8847,
    longitude: 2.3371,
    descriptionFr:
      'Un atelier d’artiste devenu coworking au pied de la butte. Petite communauté de créatifs, lumière du nord et salle de réunion au charme ancien.',
    descriptionEn:
      'An artist’s studio turned coworking at the foot of the hill. A small community of creatives, north light and a meeting room with old-world charm.',
    amenities: ['wifi', 'coffee', 'kitchen', 'pets_allowed'],
    hours: { ...weekdays('09:00-19:00'), 6: ['10:00-16:00'] },
    closures: HOLIDAYS_2026,
    photos: [
      { scene: 'lounge', altFr: 'L’atelier sous la verrière', altEn: 'The studio under the glass roof' },
      { scene: 'meeting_room', altFr: 'La salle des Abbesses', altEn: 'The Abbesses room' },
    ],
    rooms: [
      {
        kind: 'meeting_room',
        name: 'Salle des Abbesses',
        descriptionFr: 'Grande table en chêne pour six, écran et tableau blanc.',
        descriptionEn: 'A large oak table for six, a screen and a whiteboard.',
        capacity: 6,
        amenities: ['screen', 'whiteboard', 'natural_light'],
        hourlyPriceCents: 3200,
        halfDayPriceCents: 11000,
        dayPriceCents: 20000,
      },
      ...openSpaceDesks(5, 'Atelier', { halfDayPriceCents: 1400, dayPriceCents: 2200 }),
    ],
  },
  {
    slug: 'bureaux-du-canal-paris',
    name: 'Les Bureaux du Canal',
    subdomain: null,
    color: '#1d4ed8',
    status: 'published',
    addressLine: '112 quai de Jemmapes',
    postcode: '75010',
    city: 'Paris',
    latitude: 48.8745,
    longitude: 2.366,
    descriptionFr:
      'Face au canal Saint-Martin, un lieu pensé pour les équipes : grandes salles de réunion, bureaux fermés à la journée et un auditorium de 120 places.',
    descriptionEn:
      'Facing the Canal Saint-Martin, a place made for teams: large meeting rooms, private offices by the day and a 120-seat auditorium.',
    amenities: ['wifi', 'coffee', 'reception', 'printer', 'phone_booths', 'accessible', 'showers'],
    hours: { ...weekdays('07:30-21:00') },
    closures: HOLIDAYS_2026,
    photos: [
      { scene: 'facade', altFr: 'L’immeuble du quai de Jemmapes', altEn: 'The building on quai de Jemmapes' },
      { scene: 'event_hall', altFr: 'L’auditorium', altEn: 'The auditorium' },
      { scene: 'meeting_room', altFr: 'La salle Récollets', altEn: 'The Récollets room' },
    ],
    rooms: [
      {
        kind: 'event_hall',
        name: 'Auditorium',
        descriptionFr: '120 places en gradins, régie son et lumière, accueil des intervenants.',
        descriptionEn: '120 tiered seats, sound and light control, a green room for speakers.',
        capacity: 120,
        amenities: ['projector', 'sound_system', 'air_conditioning'],
        hourlyPriceCents: 25000,
        halfDayPriceCents: 80000,
        dayPriceCents: 150000,
        minDurationMinutes: 120,
        bufferMinutes: 60,
        leadTimeMinutes: 4320,
        horizonDays: 365,
        requiresApproval: true,
      },
      {
        kind: 'meeting_room',
        name: 'Salle Récollets',
        descriptionFr: 'Salle de quatorze places, double écran et système de visioconférence.',
        descriptionEn: 'A room for fourteen with two screens and a video-conference system.',
        capacity: 14,
        amenities: ['screen', 'videoconference', 'air_conditioning'],
        hourlyPriceCents: 6500,
        halfDayPriceCents: 22000,
        dayPriceCents: 40000,
        bufferMinutes: 15,
      },
      {
        kind: 'meeting_room',
        name: 'Salle Écluse',
        descriptionFr: 'Salle de huit places avec vue sur le canal.',
        descriptionEn: 'A room for eight with a view of the canal.',
        capacity: 8,
        amenities: ['screen', 'natural_light'],
        hourlyPriceCents: 3800,
        halfDayPriceCents: 13000,
        dayPriceCents: 24000,
      },
      {
        kind: 'private_office',
        name: 'Bureau Louis-Blanc',
        descriptionFr: 'Bureau fermé pour huit, réservable à la journée.',
        descriptionEn: 'A private office for eight, bookable by the day.',
        capacity: 8,
        amenities: ['natural_light', 'air_conditioning', 'soundproofing'],
        dayPriceCents: 32000,
        minDurationMinutes: 480,
        maxDurationMinutes: 810,
      },
    ],
  },
  {
    slug: 'confluence-hub-lyon',
    name: 'Confluence Hub',
    subdomain: null,
    color: '#be185d',
    status: 'published',
    addressLine: '112 cours Charlemagne',
    postcode: '69002',
    city: 'Lyon',
    latitude: 45.743,
    longitude: 4.817,
    descriptionFr:
      'Dans le quartier de la Confluence, un plateau moderne ouvert tard le soir, avec salles de réunion connectées et postes à la demi-journée.',
    descriptionEn:
      'In the Confluence district, a modern floor open late, with connected meeting rooms and desks by the half-day.',
    amenities: ['wifi', 'coffee', 'printer', 'phone_booths', 'car_parking', 'accessible'],
    hours: { ...weekdays('08:00-22:00'), 6: ['09:00-18:00'] },
    closures: HOLIDAYS_2026,
    photos: [
      { scene: 'desk', altFr: 'Le plateau de Confluence Hub', altEn: 'Confluence Hub’s open floor' },
      { scene: 'meeting_room', altFr: 'La salle Saône', altEn: 'The Saône room' },
    ],
    rooms: [
      {
        kind: 'meeting_room',
        name: 'Salle Saône',
        descriptionFr: 'Salle de huit places, écran tactile et visioconférence.',
        descriptionEn: 'A room for eight with a touch screen and video conferencing.',
        capacity: 8,
        amenities: ['screen', 'videoconference', 'air_conditioning'],
        hourlyPriceCents: 3500,
        halfDayPriceCents: 12000,
        dayPriceCents: 21000,
      },
      {
        kind: 'meeting_room',
        name: 'Salle Rhône',
        descriptionFr: 'Salle de trois places pour les appels importants.',
        descriptionEn: 'A room for three for the calls that matter.',
        capacity: 3,
        amenities: ['screen', 'soundproofing'],
        hourlyPriceCents: 1800,
        minDurationMinutes: 30,
        maxDurationMinutes: 240,
      },
      ...openSpaceDesks(8, 'Plateau', { halfDayPriceCents: 1300, dayPriceCents: 2200 }, ['standing_desk']),
    ],
  },
  {
    slug: 'chartrons-studio-bordeaux',
    name: 'Chartrons Studio',
    subdomain: null,
    color: '#047857',
    status: 'published',
    addressLine: '61 rue Notre-Dame',
    postcode: '33000',
    city: 'Bordeaux',
    latitude: 44.853,
    longitude: -0.57,
    descriptionFr:
      'Une maison bourgeoise des Chartrons avec jardin, pour travailler au calme entre antiquaires et cavistes.',
    descriptionEn:
      'A merchant’s house in the Chartrons district with a garden, to work in peace among antique dealers and wine shops.',
    amenities: ['wifi', 'coffee', 'kitchen', 'terrace', 'bike_parking'],
    hours: { ...weekdays('09:00-18:30') },
    closures: [...HOLIDAYS_2026, { startsOn: '2026-08-03', endsOn: '2026-08-16', label: 'Congés d’été' }],
    photos: [{ scene: 'lounge', altFr: 'Le salon sur jardin', altEn: 'The garden lounge' }],
    rooms: [
      {
        kind: 'meeting_room',
        name: 'Le Salon',
        descriptionFr: 'Salon de réception transformé en salle de réunion pour six.',
        descriptionEn: 'A reception room turned into a meeting room for six.',
        capacity: 6,
        amenities: ['screen', 'natural_light'],
        hourlyPriceCents: 2800,
        halfDayPriceCents: 9000,
        dayPriceCents: 16000,
      },
      ...openSpaceDesks(3, 'Véranda', { halfDayPriceCents: 1200, dayPriceCents: 1900 }),
    ],
  },
  {
    slug: 'ile-de-nantes-coworking',
    name: 'Île de Nantes Coworking',
    subdomain: null,
    color: '#0369a1',
    status: 'published',
    addressLine: '5 boulevard Léon-Bureau',
    postcode: '44200',
    city: 'Nantes',
    latitude: 47.207,
    longitude: -1.56,
    descriptionFr:
      'À côté des Machines de l’île, un coworking dans les anciennes halles Alstom : open space, salles de réunion et une halle pour les événements.',
    descriptionEn:
      'Next to the Machines of the Isle, a coworking space in the former Alstom halls: open space, meeting rooms and a hall for events.',
    amenities: ['wifi', 'coffee', 'kitchen', 'showers', 'bike_parking', 'accessible', 'lockers'],
    hours: { ...weekdays('08:30-19:30') },
    closures: HOLIDAYS_2026,
    photos: [
      { scene: 'facade', altFr: 'Les halles de l’île de Nantes', altEn: 'The halls on the Isle of Nantes' },
      { scene: 'desk', altFr: 'L’open space', altEn: 'The open space' },
    ],
    rooms: [
      {
        kind: 'event_hall',
        name: 'Halle 6',
        descriptionFr: 'Halle de 150 personnes debout ou 90 assises, idéale pour un lancement ou un meetup.',
        descriptionEn: 'A hall for 150 standing or 90 seated, right for a launch or a meetup.',
        capacity: 90,
        amenities: ['projector', 'sound_system'],
        halfDayPriceCents: 50000,
        dayPriceCents: 90000,
        minDurationMinutes: 240,
        leadTimeMinutes: 2880,
        horizonDays: 365,
        requiresApproval: true,
      },
      {
        kind: 'meeting_room',
        name: 'Salle Éléphant',
        descriptionFr: 'Salle de dix places avec visioconférence.',
        descriptionEn: 'A room for ten with video conferencing.',
        capacity: 10,
        amenities: ['screen', 'videoconference', 'whiteboard'],
        hourlyPriceCents: 3000,
        halfDayPriceCents: 10000,
        dayPriceCents: 18000,
      },
      ...openSpaceDesks(6, 'Open space', { halfDayPriceCents: 1000, dayPriceCents: 1800 }),
    ],
  },
  {
    slug: 'beffroi-lille',
    name: 'Le Beffroi',
    subdomain: null,
    color: '#b91c1c',
    status: 'published',
    addressLine: '18 rue Esquermoise',
    postcode: '59800',
    city: 'Lille',
    latitude: 50.6385,
    longitude: 3.061,
    descriptionFr:
      'Dans le Vieux-Lille, entre la Grand-Place et la rue de la Monnaie : bureaux privatifs et salles de réunion dans une maison flamande du XVIIe siècle.',
    descriptionEn:
      'In Old Lille, between the Grand-Place and rue de la Monnaie: private offices and meeting rooms in a 17th-century Flemish house.',
    amenities: ['wifi', 'coffee', 'reception', 'printer'],
    hours: { ...weekdays('09:00-12:30', '13:30-18:30') },
    closures: HOLIDAYS_2026,
    photos: [
      {
        scene: 'facade',
        altFr: 'La maison flamande rue Esquermoise',
        altEn: 'The Flemish house on rue Esquermoise',
      },
      { scene: 'private_office', altFr: 'Le bureau Vauban', altEn: 'The Vauban office' },
    ],
    rooms: [
      {
        kind: 'private_office',
        name: 'Bureau Vauban',
        descriptionFr: 'Bureau de trois places sous les poutres.',
        descriptionEn: 'An office for three under the beams.',
        capacity: 3,
        amenities: ['natural_light'],
        hourlyPriceCents: 1800,
        halfDayPriceCents: 6000,
        dayPriceCents: 10000,
      },
      {
        kind: 'meeting_room',
        name: 'Salle de la Monnaie',
        descriptionFr: 'Salle de huit places avec écran.',
        descriptionEn: 'A room for eight with a screen.',
        capacity: 8,
        amenities: ['screen', 'whiteboard'],
        hourlyPriceCents: 3000,
        halfDayPriceCents: 10000,
        dayPriceCents: 17000,
      },
    ],
  },
  {
    slug: 'vieux-port-workspace-marseille',
    name: 'Vieux-Port Workspace',
    subdomain: null,
    color: '#0e7490',
    status: 'published',
    addressLine: '3 quai de Rive-Neuve',
    postcode: '13007',
    city: 'Marseille',
    latitude: 43.2925,
    longitude: 5.37,
    descriptionFr:
      'Ouvert jour et nuit pour ses membres, face au Vieux-Port : terrasse avec vue sur Notre-Dame-de-la-Garde, salles de réunion et postes nomades.',
    descriptionEn:
      'Open day and night for its members, facing the Old Port: a terrace with a view of Notre-Dame-de-la-Garde, meeting rooms and hot desks.',
    amenities: ['wifi', 'coffee', 'kitchen', 'terrace', 'open_24_7', 'showers', 'lockers'],
    hours: {
      1: ['00:00-24:00'],
      2: ['00:00-24:00'],
      3: ['00:00-24:00'],
      4: ['00:00-24:00'],
      5: ['00:00-24:00'],
      6: ['00:00-24:00'],
      7: ['00:00-24:00'],
    },
    closures: [],
    photos: [
      { scene: 'lounge', altFr: 'La terrasse sur le Vieux-Port', altEn: 'The terrace over the Old Port' },
      { scene: 'meeting_room', altFr: 'La salle Calanques', altEn: 'The Calanques room' },
    ],
    rooms: [
      {
        kind: 'meeting_room',
        name: 'Salle Calanques',
        descriptionFr: 'Salle de douze places avec vue sur le port.',
        descriptionEn: 'A room for twelve with a view of the harbour.',
        capacity: 12,
        amenities: ['screen', 'videoconference', 'air_conditioning', 'natural_light'],
        hourlyPriceCents: 4200,
        halfDayPriceCents: 14000,
        dayPriceCents: 26000,
      },
      {
        kind: 'meeting_room',
        name: 'Salle Frioul',
        descriptionFr: 'Salle de quatre places, climatisée.',
        descriptionEn: 'An air-conditioned room for four.',
        capacity: 4,
        amenities: ['screen', 'air_conditioning'],
        hourlyPriceCents: 2200,
        halfDayPriceCents: 7500,
        dayPriceCents: 13000,
      },
      ...openSpaceDesks(6, 'Nomade', { halfDayPriceCents: 1200, dayPriceCents: 2000 }, ['air_conditioning']),
    ],
  },
  {
    slug: 'le-comptoir-nantes',
    name: 'Le Comptoir',
    subdomain: null,
    color: '#a16207',
    status: 'draft',
    addressLine: '9 rue Kervégan',
    postcode: '44000',
    city: 'Nantes',
    latitude: 47.2125,
    longitude: -1.5555,
    descriptionFr: 'Ouverture prochaine sur l’île Feydeau : quatre bureaux et une salle de réunion.',
    descriptionEn: 'Opening soon on the Île Feydeau: four offices and a meeting room.',
    amenities: ['wifi', 'coffee'],
    hours: { ...weekdays('09:00-18:00') },
    closures: [],
    photos: [],
    rooms: [
      {
        kind: 'meeting_room',
        name: 'Salle Feydeau',
        descriptionFr: 'Salle de six places.',
        descriptionEn: 'A room for six.',
        capacity: 6,
        amenities: ['screen'],
        hourlyPriceCents: 2500,
      },
    ],
  },
];
