import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

/**
 * Where a browser test's time goes: every step of every test (Playwright calls, assertions,
 * hooks, fixtures) with the line of ours that made it, written as JSON to E2E_STEP_TIMES (a file)
 * when the run ends. `node scripts/test-durations.mjs --steps <file>` sums it by file and by kind
 * (sign-ins through the form, axe scans, fixed waits, card forms...). Not in the default reporters:
 * add it with `--reporter=list,./step-times-reporter.ts`.
 */
interface StepRecord {
  category: string;
  title: string;
  /** file:line of the call in our code (a spec or a support file) */
  at: string;
  ms: number;
}

export default class StepTimesReporter implements Reporter {
  private readonly tests: {
    file: string;
    title: string;
    status: string;
    ms: number;
    steps: StepRecord[];
  }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const steps: StepRecord[] = [];
    const walk = (step: TestStep) => {
      // a step that only groups others (a test.step, a hook) is counted through its children
      if (step.steps.length && (step.category === 'test.step' || step.category === 'hook')) {
        for (const child of step.steps) walk(child);
        return;
      }
      steps.push({
        category: step.category,
        title: step.title,
        at: step.location ? `${path.relative(process.cwd(), step.location.file)}:${step.location.line}` : '',
        ms: step.duration,
      });
    };
    for (const step of result.steps) walk(step);
    this.tests.push({
      file: path.relative(process.cwd(), test.location.file),
      title: test.titlePath().slice(3).join(' › '),
      status: result.status,
      ms: result.duration,
      steps,
    });
  }

  onEnd(): void {
    const target = process.env.E2E_STEP_TIMES;
    if (target) writeFileSync(target, JSON.stringify(this.tests));
  }

  printsToStdio(): boolean {
    return false;
  }
}
