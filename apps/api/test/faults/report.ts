/**
 * Prints a fault test's figures (one JSON line, prefixed with the fault's name): what
 * docs/reliability.md, section "Faults", reports. Vitest shows it with the test's output.
 */
export function report(fault: string, figures: unknown): void {
  // biome-ignore lint/suspicious/noConsole: the figures are this test's report (issue 21)
  console.log(`${fault}: ${JSON.stringify(figures)}`);
}
