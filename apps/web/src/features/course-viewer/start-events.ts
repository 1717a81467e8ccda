export type StartEvent = 'module_started' | 'section_started';

/**
 * The start events of spec §7 for a section just opened: `section_started` every time, and
 * `module_started` first when it is the first section opened in its module on this visit of the
 * course (the reader came from another module, or just arrived).
 */
export function startEvents(previousModuleId: string | null, moduleId: string): StartEvent[] {
  return moduleId === previousModuleId ? ['section_started'] : ['module_started', 'section_started'];
}
