/** The administrator's console: its sections are listed by the shell (app/consoleSections.tsx). */
export type { ConsoleSection } from './console.ts';
