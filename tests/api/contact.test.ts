import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { CONTACT_SENT } from '../../src/lib/schemas/contact.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { ENGINES, startServer, type TestServer } from './support/server.ts';

const message = {
  name: 'Asha',
  email: 'asha@example.in',
  phone: '9876543210',
  subject: 'Loan',
  message: 'Please call me.',
};

describe.each(ENGINES)('the contact form (%s database)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine, { CONTACT_MAX_PER_ADDRESS_PER_HOUR: '2' });
  });
  afterAll(() => server.close());

  it.each([
    [{ ...message, name: '  ' }, 'Name is required!'],
    [{ ...message, email: '' }, 'Email is required!'],
    [{ ...message, email: 'asha@' }, 'This is not a valid email format!'],
    [{ ...message, phone: '5876543210' }, 'Mobile number invalid!'],
    [{ ...message, phone: '98765' }, 'Mobile number invalid!'],
    [{ ...message, message: '' }, 'Message is required!'],
  ])('refuses %o with "%s"', async (body, expected) => {
    const reply = await server.post(API.contact, body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ Status: 0, Message: expected });
  });

  it('stores a good message (subject optional) and then limits sends per address', async () => {
    const { subject: _subject, ...withoutSubject } = message;
    const first = await server.post(API.contact, withoutSubject);
    expect(first.body).toMatchObject({
      Status: 1,
      Message: expect.stringMatching(
        new RegExp(`^${CONTACT_SENT.replaceAll('.', '\\.')} Your reference number is KC-\\d{6}\\.$`),
      ),
      Data: { complaint_no: expect.stringMatching(/^KC-\d{6}$/) },
    });
    expect((await server.post(API.contact, message)).body.Status).toBe(1);
    const stored = await queryRows(
      server.database.db,
      sql`select name, email, phone, subject, channel, status from complaints order by id`,
    );
    expect(stored).toEqual([
      {
        name: 'Asha',
        email: 'asha@example.in',
        phone: '9876543210',
        subject: '',
        channel: 'contact_form',
        status: 'open',
      },
      {
        name: 'Asha',
        email: 'asha@example.in',
        phone: '9876543210',
        subject: 'Loan',
        channel: 'contact_form',
        status: 'open',
      },
    ]);
    const third = await server.post(API.contact, message);
    expect(third.status).toBe(429);
    expect(third.body.Message).toBe('You have sent several messages already. Please try again in an hour, or call us.');
  });
});
