/** Every stored setting of docs/product.md §3 with its default (docs/product.md §9). */
import { DEFAULT_SEEK_SECONDS, type Playlist } from '@sasayaki/contract';

export const QUALITY_BEHAVIORS = ['fluentFirst', 'qualityFirst', 'lowQualityOnly'] as const;
export const INITIAL_PATH_BEHAVIORS = ['auto', 'root'] as const;
export const SIDEBAR_EXPAND_MODES = ['overlay', 'push'] as const;
export const PLAYER_STYLES = ['new', 'classic'] as const;
export const SUBTITLE_DISPLAY_MODES = ['in-app', 'pip'] as const;
export const DARK_MODES = ['system', 'enabled', 'disabled'] as const;

export type QualityBehavior = (typeof QUALITY_BEHAVIORS)[number];
export type InitialPathBehavior = (typeof INITIAL_PATH_BEHAVIORS)[number];
export type SidebarExpandMode = (typeof SIDEBAR_EXPAND_MODES)[number];
export type PlayerStyle = (typeof PLAYER_STYLES)[number];
export type SubtitleDisplayMode = (typeof SUBTITLE_DISPLAY_MODES)[number];
export type DarkMode = (typeof DARK_MODES)[number];

/** The playlist the quick-mark button adds to (its id and name are kept with the settings). */
export type QuickMarkTarget = Pick<Playlist, 'id' | 'name'>;

export interface Settings {
  /** A search keyword ANDed to every works list (e.g. `$-age:adult$`). */
  globalFilter: string;
  /** Work ids that have subtitles in the local subtitle database. */
  localSubtitledWorks: number[];
  quickMarkTargetPlaylist: QuickMarkTarget | null;
  showPopularAtHome: boolean;
  showRecommendAtHome: boolean;
  showSimilarWorksAtWorkDetail: boolean;
  recommenderUuid: string;
  qualityBehavior: QualityBehavior;
  initialPathBehavior: InitialPathBehavior;
  keepScreenOn: boolean;
  enableAntiScreenBurnin: boolean;
  /** Idle seconds before the anti burn-in overlay (docs/product.md §9: 60). */
  antiBurnInIdleSeconds: number;
  enableSubtitle: boolean;
  sidebarExpandMode: SidebarExpandMode;
  playerStyle: PlayerStyle;
  subtitleDisplayMode: SubtitleDisplayMode;
  rewindSeekTime: number;
  forwardSeekTime: number;
  showCensoredTag: boolean;
  /** The tag-vote rules were accepted (docs/product.md §5). */
  tagVoteRules: boolean;
  darkMode: DarkMode;
  /** Base URLs the network-error screen offers; '' is this server. */
  apiEndpoints: string[];
  apiBaseUrl: string;
}

function randomUuid(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
    (Number(c) ^ (Math.floor(Math.random() * 16) >> (Number(c) / 4))).toString(16),
  );
}

/** Defaults; subtitles are on by default only for the Chinese locale (docs/product.md §9). */
export function defaultSettings(locale: string): Settings {
  return {
    globalFilter: '',
    localSubtitledWorks: [],
    quickMarkTargetPlaylist: null,
    showPopularAtHome: true,
    showRecommendAtHome: true,
    showSimilarWorksAtWorkDetail: true,
    recommenderUuid: randomUuid(),
    qualityBehavior: 'fluentFirst',
    initialPathBehavior: 'auto',
    keepScreenOn: false,
    enableAntiScreenBurnin: true,
    antiBurnInIdleSeconds: 60,
    enableSubtitle: locale === 'zh-CN',
    sidebarExpandMode: 'overlay',
    playerStyle: 'new',
    subtitleDisplayMode: 'in-app',
    rewindSeekTime: DEFAULT_SEEK_SECONDS.rewind,
    forwardSeekTime: DEFAULT_SEEK_SECONDS.forward,
    showCensoredTag: false,
    tagVoteRules: false,
    darkMode: 'system',
    apiEndpoints: [''],
    apiBaseUrl: '',
  };
}

const ENUMS: Partial<Record<keyof Settings, readonly string[]>> = {
  qualityBehavior: QUALITY_BEHAVIORS,
  initialPathBehavior: INITIAL_PATH_BEHAVIORS,
  sidebarExpandMode: SIDEBAR_EXPAND_MODES,
  playerStyle: PLAYER_STYLES,
  subtitleDisplayMode: SUBTITLE_DISPLAY_MODES,
  darkMode: DARK_MODES,
};

/** Keeps only known keys whose stored value has the default's type (and a known enum value). */
export function sanitize(raw: Record<string, unknown>, defaults: Settings): Partial<Settings> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(defaults) as (keyof Settings)[]) {
    if (!(key in raw)) continue;
    const v = raw[key];
    const d = defaults[key];
    const allowed = ENUMS[key];
    if (allowed) {
      if (typeof v === 'string' && allowed.includes(v)) out[key] = v;
    } else if (key === 'quickMarkTargetPlaylist') {
      if (v === null || (typeof v === 'object' && typeof (v as QuickMarkTarget).id === 'string'))
        out[key] = v;
    } else if (Array.isArray(d)) {
      if (Array.isArray(v)) out[key] = v;
    } else if (typeof v === typeof d) {
      out[key] = v;
    }
  }
  return out as Partial<Settings>;
}
