/**
 * The demo library generator lives in `scripts/demo` (outside this package's TypeScript
 * project); it is loaded at run time through this typed door.
 */
const GENERATOR = new URL('../../../../scripts/demo/generate.ts', import.meta.url).href;

export interface DemoTrack {
  path: string;
  seconds: number;
  format: 'wav' | 'mp3' | 'ogg' | 'flac' | 'm4a';
}

export interface DemoWork {
  code: string;
  id: number;
  folder: string;
  title: string;
  tracks: DemoTrack[];
  subtitles: Record<string, string>;
  sidecar: string | null;
  cover: string | null;
}

export interface DemoLibrary {
  root: string;
  works: DemoWork[];
  encoded: boolean;
}

export interface DemoOptions {
  ffmpeg?: string | false;
  log?: (msg: string) => void;
}

export async function generateDemoLibrary(dir: string, opts: DemoOptions = {}): Promise<DemoLibrary> {
  const mod = (await import(GENERATOR)) as {
    generateDemoLibrary(dir: string, opts?: DemoOptions): Promise<DemoLibrary>;
  };
  return mod.generateDemoLibrary(dir, opts);
}
