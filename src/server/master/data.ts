/**
 * The master data (states, cities, pin codes) from data/pincodes.txt, read once on first use: the
 * server starts without paying for it, and the first lookup pays a few milliseconds.
 */
import { readFile } from 'node:fs/promises';
import { type MasterCity, type MasterState, parseDataFile } from './dataFile.ts';

export const DATA_FILE = new URL('./data/pincodes.txt', import.meta.url);

export interface MasterIndex {
  /** By name. */
  states: MasterState[];
  stateById: Map<number, MasterState>;
  cityById: Map<number, MasterCity>;
  /** Each state's cities by name. */
  citiesByState: Map<number, MasterCity[]>;
  pincodes: Map<string, number>;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

export function indexMasterData(text: string): MasterIndex {
  const data = parseDataFile(text);
  const citiesByState = new Map<number, MasterCity[]>(data.states.map((state) => [state.id, []]));
  for (const city of data.cities) citiesByState.get(city.stateId)?.push(city);
  for (const list of citiesByState.values()) list.sort(byName);
  return {
    states: [...data.states].sort(byName),
    stateById: new Map(data.states.map((state) => [state.id, state])),
    cityById: new Map(data.cities.map((city) => [city.id, city])),
    citiesByState,
    pincodes: data.pincodes,
  };
}

let loading: Promise<MasterIndex> | undefined;

export function masterData(): Promise<MasterIndex> {
  loading ??= readFile(DATA_FILE, 'utf8')
    .then(indexMasterData)
    .catch((error: unknown) => {
      // A failed read is not remembered: the next request tries again.
      loading = undefined;
      throw error;
    });
  return loading;
}

/** A pin code's city and state, or undefined when the data does not know it. */
export async function placeOfPincode(pincode: string): Promise<{ cityName: string; stateName: string } | undefined> {
  const data = await masterData();
  const cityId = data.pincodes.get(pincode);
  const city = cityId === undefined ? undefined : data.cityById.get(cityId);
  const state = city ? data.stateById.get(city.stateId) : undefined;
  return city && state ? { cityName: city.name, stateName: state.name } : undefined;
}
