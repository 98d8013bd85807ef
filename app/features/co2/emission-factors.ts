/**
 * Greenhouse-gas emissions of one kilometre of commuting, by mode, in kg CO2e.
 *
 * Values from ADEME's Base Empreinte® (formerly Base Carbone®), as republished per mode by ADEME's
 * impactCO2 service. Scope, the same for every mode: direct emissions, production of the fuel or the
 * electricity, and manufacture of the vehicle; road and rail infrastructure excluded. Cars and motorbikes are
 * counted per vehicle·km (the commuter alone on board); bus and rail per passenger·km at average occupancy.
 * To update: change a value here; the calculator, its published table and its tests follow.
 */
export const COMMUTE_MODES = [
  'carPetrol',
  'carDiesel',
  'carElectric',
  'bus',
  'rail',
  'motorbike',
  'bikeOrWalk',
] as const;

export type CommuteMode = (typeof COMMUTE_MODES)[number];

export interface EmissionFactor {
  kgCo2ePerKm: number;
  /** What the figure is counted per. */
  basis: 'vehicleKm' | 'passengerKm';
}

export const EMISSION_FACTORS: Record<CommuteMode, EmissionFactor> = {
  // Base Empreinte: "Voiture - motorisation essence - 2018".
  carPetrol: { kgCo2ePerKm: 0.2234, basis: 'vehicleKm' },
  // Base Empreinte: "Voiture - motorisation gazole - 2018".
  carDiesel: { kgCo2ePerKm: 0.2121, basis: 'vehicleKm' },
  // impactCO2 "Voiture électrique": 0.0198 use + 0.0836 manufacture (compact car, mid-range).
  carElectric: { kgCo2ePerKm: 0.1034, basis: 'vehicleKm' },
  // impactCO2 "Bus thermique": 0.1043 use + 0.0089 manufacture (diesel city bus, average occupancy).
  bus: { kgCo2ePerKm: 0.1132, basis: 'passengerKm' },
  // impactCO2 "RER ou Transilien": 0.0066 use + 0.00318 manufacture; the metro (4.4 g) and the tram are lower.
  rail: { kgCo2ePerKm: 0.00978, basis: 'passengerKm' },
  // Base Empreinte: "Moto >= 250 cm3 - mixte - 2018" (impactCO2 "Moto": 0.1648 use + 0.0265 manufacture).
  motorbike: { kgCo2ePerKm: 0.1913, basis: 'vehicleKm' },
  // impactCO2 "Vélo ou marche".
  bikeOrWalk: { kgCo2ePerKm: 0, basis: 'passengerKm' },
};

/** Working weeks in a year: 52 weeks less five weeks of paid leave (the French legal minimum). */
export const DEFAULT_WEEKS_PER_YEAR = 47;
