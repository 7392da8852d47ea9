/** Whether ffmpeg runs here; where it does not, the tests that need it say so and are skipped. */
import { execFileSync } from 'node:child_process';

export function ffmpegAvailableFor(what: string): boolean {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    console.warn(`[notice] ffmpeg not found: ${what} skipped`);
    return false;
  }
}
