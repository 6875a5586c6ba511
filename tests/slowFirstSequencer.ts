/**
 * Vitest runs files it has no timings for largest first. The crash-safety files are three lines
 * each (their tests live in tests/api/support/crashSafety.ts) but the longest of the run, a minute
 * and more of restarting the API process: last, as a clean clone had them, one of them ran alone
 * while the other worker idled. They go first; the rest keep Vitest's order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST = /crashSafety\w*\.test\.ts$/;

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const longest = (file: TestSpecification) => LONGEST.test(file.moduleId);
    return [...sorted.filter(longest), ...sorted.filter((file) => !longest(file))];
  }
}
