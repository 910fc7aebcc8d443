// Reading the test runners' JSON reports: counts, and each failure in a line for the summary.
import { existsSync, readFileSync } from 'node:fs';
import { root } from './lib.mjs';

/** The first lines of a failure's message, without colour codes. */
function firstLines(message, lines = 4) {
  return (
    String(message ?? '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are escape sequences
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, lines)
      .join(' | ')
      .slice(0, 400)
  );
}

/** A Vitest run's suite entry: counts and failures (a run that wrote no report failed). */
export function vitestReport(name, path, status) {
  if (!existsSync(path)) {
    return { name, ran: true, passed: 0, failed: 1, skipped: 0, kind: 'tests', note: `vitest exited ${status}` };
  }
  const result = JSON.parse(readFileSync(path, 'utf8'));
  const failures = result.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map(
        (test) => `${file.name.replace(`${root}/`, '')} › ${test.fullName}: ${firstLines(test.failureMessages?.[0])}`,
      ),
  );
  // A run that failed outside any test (a file that did not load, an unhandled error) counts once.
  const failed = result.numFailedTests + (status !== 0 && result.numFailedTests === 0 ? 1 : 0);
  return {
    name,
    ran: true,
    passed: result.numPassedTests,
    failed,
    skipped: result.numPendingTests + result.numTodoTests,
    kind: 'tests',
    failures,
  };
}

/** A Playwright run's suite entry, and each spec file's time (its tests' durations added up). */
export function playwrightReport(name, path, status) {
  if (!existsSync(path)) {
    return {
      suite: { name, ran: true, passed: 0, failed: 1, skipped: 0, kind: 'tests', note: `playwright exited ${status}` },
      files: [],
    };
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const failures = [];
  const perFile = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + (result.duration ?? 0));
          if (result.status === 'passed' || result.status === 'skipped') continue;
          failures.push(
            `${spec.file}:${result.error?.location?.line ?? spec.line} › ${spec.title}: ${firstLines(result.error?.message ?? result.status)}`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  const { stats } = report;
  const failed = stats.unexpected + stats.flaky + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
  return {
    suite: { name, ran: true, passed: stats.expected, failed, skipped: stats.skipped, kind: 'tests', failures },
    files: [...perFile].map(([file, ms]) => ({ file: `specs/${file}`, ms })),
  };
}
