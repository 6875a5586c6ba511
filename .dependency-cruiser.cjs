/**
 * The layers of src/ and which way their imports may point (docs/decisions.md, issue 15): shared code
 * in src/lib runs in the browser and on the server, so it depends on neither; the browser's islands
 * and the API server never reach into each other. `npm run lint` fails on any import that breaks a rule.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'lib-stays-shared',
      comment: 'src/lib is shared by the browser and the server, so it imports neither src/server nor src/islands.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(server|islands)/' },
    },
    {
      name: 'islands-not-server',
      comment: 'Islands run in the browser: they reach the server through the API (src/lib/api), never by import.',
      severity: 'error',
      from: { path: '^src/islands/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-islands',
      comment: 'The server shares code with the browser through src/lib only, never through an island.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/islands/' },
    },
    {
      name: 'islands-answers-as-types',
      comment:
        "The answers' schemas (src/lib/schemas/answers) type the islands; imported as values they would " +
        "put valibot and every schema into the public pages' JavaScript (docs/budgets.md): import type only.",
      severity: 'error',
      from: { path: '^src/(islands|scripts)/' },
      to: { path: '^src/lib/schemas/answers/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      comment: 'No module depends on itself through others: there are no cycles today, keep it so.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'services-without-the-request',
      comment:
        "Only routes, the HTTP layer and the readers of the session see Hono's Context; handlers pass what " +
        "a service needs (its dependencies, the request's origin) explicitly (docs/decisions.md, 'One calling convention').",
      severity: 'error',
      from: {
        path: '^src/server/',
        pathNot: [
          '^src/server/http/',
          '^src/server/app/(app|context)\\.ts$',
          '/routes\\.ts$',
          '/[a-z]+Routes\\.ts$',
          '/session\\.ts$',
          // The providers' stand-ins are HTTP services themselves.
          '^src/server/sandbox/',
        ],
      },
      to: { path: '(^|/)node_modules/hono/' },
    },
    {
      name: 'server-features-through-their-stores',
      comment:
        "A server feature reaches another feature's data only through that feature's store, or through one " +
        'of the modules named here as its service (a provider client, a policy, the loan account). ' +
        'Everything else in a feature folder is its own.',
      severity: 'error',
      // The app (app/) wires every feature; the demo seed (dev/seed.ts) writes through them all; the
      // shared registration endpoint (registration/routes.ts) dispatches every feature's events.
      from: {
        path: '^src/server/([^/]+)/',
        pathNot: ['^src/server/app/', '^src/server/dev/seed\\.ts$', '^src/server/registration/routes\\.ts$'],
      },
      to: {
        path: '^src/server/([^/]+)/',
        pathNot: [
          '^src/server/$1/',
          // Infrastructure every feature uses.
          '^src/server/(db|http|config|security)/',
          '^src/server/app/(context|logger|workerPool)\\.ts$',
          '^src/server/dev/faults\\.ts$',
          // The job scheduler (issue 23): what a job is and how a day of jobs runs; each feature's jobs in its job.ts.
          '^src/server/jobs/(definition|scheduler)\\.ts$',
          '^src/server/[^/]+/job\\.ts$',
          // Stores.
          '^src/server/[^/]+/store\\.ts$',
          '^src/server/customers/session\\.ts$',
          // The customers' sessions (a service of Deps): the type of a live one.
          '^src/server/signIn/sessions\\.ts$',
          '^src/server/staff/session\\.ts$',
          // Services.
          '^src/server/loans/(account|accountFigures|create)\\.ts$',
          '^src/server/application/(staff|lifecycle|quote)\\.ts$',
          // The Key Fact Statement: when it expires, the terms a loan takes from it, its delivery.
          '^src/server/kfs/service\\.ts$',
          // The back office: staff sessions and roles (the gate admits staff routes), assignment, passwords.
          '^src/server/staff/(auth|roles|passwords|assignment)\\.ts$',
          '^src/server/complaints/service\\.ts$',
          // Consents on record (issue 24): the features that act on a consent record it through this.
          '^src/server/consents/service\\.ts$',
          // The hours borrowers may be contacted (issue 23), which the bureau's default notice keeps too.
          '^src/server/reminders/service\\.ts$',
          // The eligibility policy and its hard rules, which each registration step checks (issue 24).
          '^src/server/eligibility/(policy|rules)\\.ts$',
          '^src/server/kyc/panVerifier\\.ts$',
          // The loan agreement: its e-sign provider (its sandbox's page), its PDF signature field (drawn with the
          // statements), and whether it is signed (disbursal asks).
          '^src/server/agreement/(esign|pdfSignature|service)\\.ts$',
          // The bank account's penny-drop and the IFSC dataset (issue 24).
          '^src/server/bankAccount/(service|ifsc)\\.ts$',
          // The credit report before the eligibility decision (issue 24): the decision, the quote and staff read it.
          '^src/server/bureauCheck/service\\.ts$',
          '^src/server/master/data\\.ts$',
          // Mail: its queue, its transports and what a message is (with its attachments, issue 24).
          '^src/server/mail/(index|outboxTransport|queue|transport)\\.ts$',
          // The PDF drawing pool (a service of Deps): the KFS and the agreement mailed as PDFs are drawn there.
          '^src/server/statements/drawPool\\.ts$',
          // The sender's claim, lease and backoff, which the mail sender shares (src/server/mail/sender.ts).
          '^src/server/sms/(messages|queue|sender|transport|outboxTransport)\\.ts$',
          '^src/server/payments/(ledger|orders|paths|payu|razorpay|reversals)\\.ts$',
          '^src/server/storage/(fileType|files|uploads)\\.ts$',
          // The shared registration endpoint's event framework.
          '^src/server/registration/events\\.ts$',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
