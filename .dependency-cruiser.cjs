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
      name: 'no-circular',
      comment: 'No module depends on itself through others: there are no cycles today, keep it so.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    // Server feature to feature: rules on which src/server/<feature>/ may import which (for example only
    // through a feature's store) go here, one rule per boundary.
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
