/**
 * The player feature is loaded on demand, so the works page does not wait for the audio engine.
 * The shell's footer slots, the drawer's sleep timer and random play reach it through here.
 */
export type PlayerModule = typeof import('../features/player/index.ts');

let pending: Promise<PlayerModule> | null = null;

export function loadPlayer(): Promise<PlayerModule> {
  pending ??= import('../features/player/index.ts');
  return pending;
}
