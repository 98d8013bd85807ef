import { cityKeyOf } from '#contract/spaces';

/**
 * Centres of large French-speaking cities (town halls, rounded), to place a new space on the map without
 * a geocoding service; the manager can adjust the figures.
 */
const CENTRES: Array<[string, number, number]> = [
  ['Paris', 48.8566, 2.3522],
  ['Marseille', 43.2965, 5.3698],
  ['Lyon', 45.764, 4.8357],
  ['Toulouse', 43.6047, 1.4442],
  ['Nice', 43.7102, 7.262],
  ['Nantes', 47.2184, -1.5536],
  ['Montpellier', 43.6108, 3.8767],
  ['Strasbourg', 48.5734, 7.7521],
  ['Bordeaux', 44.8378, -0.5792],
  ['Lille', 50.6292, 3.0573],
  ['Rennes', 48.1173, -1.6778],
  ['Reims', 49.2583, 4.0317],
  ['Toulon', 43.1242, 5.928],
  ['Saint-Étienne', 45.4397, 4.3872],
  ['Le Havre', 49.4944, 0.1079],
  ['Grenoble', 45.1885, 5.7245],
  ['Dijon', 47.322, 5.0415],
  ['Angers', 47.4784, -0.5632],
  ['Nîmes', 43.8367, 4.3601],
  ['Villeurbanne', 45.7719, 4.8902],
  ['Clermont-Ferrand', 45.7772, 3.087],
  ['Le Mans', 48.0061, 0.1996],
  ['Aix-en-Provence', 43.5297, 5.4474],
  ['Brest', 48.3904, -4.4861],
  ['Tours', 47.3941, 0.6848],
  ['Amiens', 49.894, 2.2958],
  ['Limoges', 45.8336, 1.2611],
  ['Annecy', 45.8992, 6.1294],
  ['Perpignan', 42.6887, 2.8948],
  ['Metz', 49.1193, 6.1757],
  ['Besançon', 47.2378, 6.0241],
  ['Orléans', 47.9029, 1.9093],
  ['Rouen', 49.4432, 1.0999],
  ['Mulhouse', 47.7508, 7.3359],
  ['Caen', 49.1829, -0.3707],
  ['Nancy', 48.6921, 6.1844],
  ['Avignon', 43.9493, 4.8055],
  ['La Rochelle', 46.1603, -1.1511],
  ['Saint-Malo', 48.6493, -2.0257],
  ['Biarritz', 43.4832, -1.5586],
  ['Bruxelles', 50.8503, 4.3517],
  ['Genève', 46.2044, 6.1432],
  ['Lausanne', 46.5197, 6.6323],
  ['Luxembourg', 49.6116, 6.1319],
  ['Monaco', 43.7384, 7.4246],
];

const BY_KEY = new Map(
  CENTRES.map(([city, latitude, longitude]) => [cityKeyOf(city), { latitude, longitude }]),
);

export function centreOf(city: string): { latitude: number; longitude: number } | null {
  return BY_KEY.get(cityKeyOf(city)) ?? null;
}

/** Zones offered for a space (metropolitan France and neighbours, then overseas France). */
export const TIME_ZONES = [
  'Europe/Paris',
  'Europe/Brussels',
  'Europe/Zurich',
  'Europe/Luxembourg',
  'Europe/Monaco',
  'America/Guadeloupe',
  'America/Martinique',
  'America/Cayenne',
  'Indian/Reunion',
  'Indian/Mayotte',
  'Pacific/Noumea',
  'Pacific/Tahiti',
];

export const COUNTRIES = ['FR', 'BE', 'CH', 'LU', 'MC'] as const;
