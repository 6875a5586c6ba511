/**
 * The Complaints screen's form (src/islands/Dashboard/screens/Complaints.tsx) drawn alone, for a customer
 * who has raised none: empty fields get the request schema's own messages (the server's, as both check
 * with src/lib/schemas/complaint.ts), the first wrong field is focused, spaces alone count as empty, and
 * nothing is sent. It was a browser test that built its customer through the API and loaded the screen;
 * the network's record here proves nothing was raised. Raising, listing and support's answer stay in
 * tests/e2e/dashboard/dashboardComplaints.spec.ts against the real server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import Complaints from '../../src/islands/Dashboard/screens/Complaints.tsx';
import { COMPLAINT_PATHS } from '../../src/lib/api/complaintPaths.ts';
import { ComplaintsAnswer } from '../../src/lib/schemas/answers/complaint.ts';
import { type Drawn, draw } from './draw.tsx';
import { type Server, screen, serve, served } from './server.ts';

const NONE_YET = 'You have not raised any complaints.';
const subject = () => page.getByLabelText('Subject');
const message = () => page.getByLabelText('Message');
const raise = () => page.getByRole('button', { name: 'Raise complaint' });

let server: Server;
let drawn: Drawn;
afterEach(() => {
  drawn.remove();
  server.restore();
});

describe('raising a complaint', () => {
  it('empty fields show the server’s messages, the first is focused, and nothing is raised', async () => {
    server = serve({
      [COMPLAINT_PATHS.list]: () => served(ComplaintsAnswer, { complaints: [] }),
      // Never asked for: a complaint sent would be answered, and recorded.
      [COMPLAINT_PATHS.raise]: () => ({ status: 500, body: {} }),
    });
    drawn = draw(screen(Complaints, 'complaints'));
    await expect.element(page.getByText(NONE_YET)).toBeVisible();

    await raise().click();
    await expect.element(page.getByText('Subject is required!')).toBeVisible();
    await expect.element(page.getByText('Message is required!')).toBeVisible();
    await expect.element(subject()).toHaveFocus();
    await expect.element(subject()).toHaveAttribute('aria-invalid', 'true');
    await expect.element(message()).toHaveAccessibleDescription(/Message is required!/);

    // Spaces alone are empty too (the rule trims); the filled field's message goes.
    await userEvent.fill(subject(), 'Late refund');
    await userEvent.fill(message(), '   ');
    await raise().click();
    await expect.element(page.getByText('Message is required!')).toBeVisible();
    await expect.element(page.getByText('Subject is required!')).not.toBeInTheDocument();
    await expect.element(message()).toHaveFocus();

    await expect
      .element(page.getByRole('status').filter({ hasText: 'Your complaint number is' }))
      .not.toBeInTheDocument();
    expect(server.sent(COMPLAINT_PATHS.raise)).toEqual([]);
    await expect.element(page.getByText(NONE_YET)).toBeVisible();
  });
});
