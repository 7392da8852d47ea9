/**
 * What the demo library contains: circles, voice actors, tags in three languages and the list of
 * works with the folder style, audio format, subtitles, sidecar and cover each one exercises.
 */
import type { AudioFormat } from './audio.ts';
import type { SubtitleFormat, SubtitleLanguage } from './subtitles.ts';

export interface DemoTag {
  id: number;
  ja: string;
  en: string;
  zh: string;
  /** Censored English name, as the store shows for some tags. */
  censoredEn?: string;
}

export const TAGS: DemoTag[] = [
  { id: 497, ja: '耳かき', en: 'ear cleaning', zh: '掏耳朵' },
  { id: 494, ja: '囁き', en: 'whispering', zh: '耳语' },
  { id: 72, ja: '癒し', en: 'healing', zh: '治愈' },
  { id: 477, ja: 'バイノーラル', en: 'binaural', zh: '双耳' },
  { id: 1001, ja: 'ASMR', en: 'ASMR', zh: 'ASMR' },
  { id: 300, ja: 'ボイスドラマ', en: 'voice drama', zh: '广播剧' },
  { id: 46, ja: 'あまあま', en: 'sweet', zh: '甜蜜' },
  { id: 470, ja: '添い寝', en: 'sleeping together', zh: '陪睡' },
  { id: 55, ja: 'お姉さん', en: 'older sister', zh: '姐姐' },
  { id: 61, ja: 'ファンタジー', en: 'fantasy', zh: '奇幻' },
  { id: 122, ja: '日常/生活', en: 'daily life', zh: '日常生活' },
  { id: 495, ja: '環境音', en: 'ambient sounds', zh: '环境音' },
  { id: 473, ja: '方言', en: 'dialect', zh: '方言' },
  { id: 34, ja: 'メイド', en: 'maid', zh: '女仆' },
  { id: 161, ja: '百合', en: 'yuri', zh: '百合' },
  { id: 512, ja: '催眠', en: 'hypnosis', zh: '催眠', censoredEn: 'h*******s' },
  { id: 88, ja: '朗読', en: 'reading aloud', zh: '朗读' },
];

export interface DemoCircle {
  id: number;
  name: string;
}

export const CIRCLES: DemoCircle[] = [
  { id: 47049, name: 'ささやき工房' },
  { id: 51234, name: 'Moonlit Echo' },
  { id: 38811, name: 'おやすみ堂' },
  { id: 60210, name: '白猫ボイス' },
  { id: 20001, name: '耳元ラボ' },
];

export const VAS = ['星野ひかり', '月城ゆかり', '桜井このは', 'Alice Harper', '小鳥遊みう', '天音しずく'];

export type CoverStyle = 'cover.jpg' | 'folder.png' | 'main.jpg' | 'code_img_main.jpg' | 'first' | 'none';
export type Layout = 'flat' | 'formats' | 'se' | 'deep';

export interface SubtitleSpec {
  format: SubtitleFormat;
  /** `base`: 01.lrc next to 01.mp3; `full`: 01.mp3.vtt. */
  naming: 'base' | 'full';
  encoding: 'utf-8' | 'utf-8-bom' | 'shift_jis' | 'gbk';
  lang: SubtitleLanguage;
}

export interface DemoWorkSpec {
  code: string;
  /** Folder path relative to the library root, grouping folders included. */
  folder: string;
  titleJa: string;
  titleEn: string;
  circle: number;
  vas: number[];
  tags: number[];
  release: string;
  price: number;
  dlCount: number;
  age: 'general' | 'r15' | 'adult';
  format: AudioFormat;
  layout: Layout;
  /** Track lengths in seconds. */
  tracks: number[];
  subtitle?: SubtitleSpec;
  sidecar: 'work.json' | 'code.json' | 'none';
  cover: CoverStyle;
  bonus?: boolean;
  video?: boolean;
  /** Language edition: the original's code and this edition's language. */
  translationOf?: string;
  lang?: 'JPN' | 'ENG' | 'CHI_HANS';
  readmeShiftJis?: boolean;
}

const HANDMADE: DemoWorkSpec[] = [
  {
    code: 'RJ123456',
    folder: 'RJ123456',
    titleJa: '【耳かき】はじめての耳かき屋さん',
    titleEn: 'First Visit to the Ear Cleaning Shop',
    circle: 0,
    vas: [0],
    tags: [497, 72, 477],
    release: '2019-04-26',
    price: 880,
    dlCount: 5321,
    age: 'general',
    format: 'wav',
    layout: 'flat',
    tracks: [6, 5, 4],
    subtitle: { format: 'lrc', naming: 'base', encoding: 'utf-8', lang: 'ja' },
    sidecar: 'code.json',
    cover: 'code_img_main.jpg',
  },
  {
    code: 'RJ01234567',
    folder: 'RJ01234567 - 耳かきと囁きの夜',
    titleJa: '耳かきと囁きの夜',
    titleEn: 'A Night of Ear Cleaning and Whispers',
    circle: 0,
    vas: [1],
    tags: [497, 494, 1001, 470],
    release: '2024-08-10',
    price: 1320,
    dlCount: 12034,
    age: 'adult',
    format: 'mp3',
    layout: 'flat',
    tracks: [5, 6, 4, 5],
    subtitle: { format: 'vtt', naming: 'full', encoding: 'utf-8', lang: 'ja' },
    sidecar: 'work.json',
    cover: 'cover.jpg',
    bonus: true,
  },
  {
    code: 'RJ01234568',
    folder: '[ささやき工房] RJ01234568 おやすみ添い寝',
    titleJa: 'おやすみ添い寝',
    titleEn: 'Good Night, Side by Side',
    circle: 0,
    vas: [0, 2],
    tags: [470, 72],
    release: '2024-09-01',
    price: 990,
    dlCount: 800,
    age: 'r15',
    format: 'ogg',
    layout: 'flat',
    tracks: [4, 4],
    subtitle: { format: 'srt', naming: 'base', encoding: 'utf-8', lang: 'ja' },
    sidecar: 'none',
    cover: 'folder.png',
  },
  {
    code: 'RJ01234569',
    folder: 'RJ01234569_Rainy_Night_Whispers',
    titleJa: '雨の夜のささやき',
    titleEn: 'Rainy Night Whispers',
    circle: 1,
    vas: [3],
    tags: [494, 495, 1001],
    release: '2023-06-15',
    price: 1100,
    dlCount: 2450,
    age: 'general',
    format: 'flac',
    layout: 'flat',
    tracks: [5, 3],
    subtitle: { format: 'ass', naming: 'base', encoding: 'utf-8', lang: 'en' },
    sidecar: 'code.json',
    cover: 'main.jpg',
  },
  {
    code: 'RJ01000001',
    folder: 'サークル別/おやすみ堂/RJ01000001 [おやすみ堂] 森の癒し',
    titleJa: '森の癒し ～木漏れ日の耳かき～',
    titleEn: 'Healing in the Forest',
    circle: 2,
    vas: [4],
    tags: [72, 495, 497],
    release: '2022-11-03',
    price: 770,
    dlCount: 15000,
    age: 'general',
    format: 'm4a',
    layout: 'flat',
    tracks: [4, 5],
    subtitle: { format: 'vtt', naming: 'base', encoding: 'utf-8-bom', lang: 'ja' },
    sidecar: 'work.json',
    cover: 'first',
    bonus: true,
  },
  {
    code: 'VJ015001',
    folder: 'VJ015001 ボイスドラマ 星降る図書館',
    titleJa: 'ボイスドラマ 星降る図書館',
    titleEn: 'Voice Drama: The Library of Falling Stars',
    circle: 3,
    vas: [1, 5],
    tags: [300, 61],
    release: '2021-12-24',
    price: 2200,
    dlCount: 3400,
    age: 'general',
    format: 'mp3',
    layout: 'flat',
    tracks: [6, 6, 5],
    subtitle: { format: 'lrc', naming: 'base', encoding: 'utf-8', lang: 'ja' },
    sidecar: 'work.json',
    cover: 'cover.jpg',
  },
  {
    code: 'BJ301234',
    folder: '書籍/BJ301234 耳元朗読の本',
    titleJa: '耳元朗読の本',
    titleEn: 'Read Aloud by Your Ear',
    circle: 4,
    vas: [2],
    tags: [88, 494],
    release: '2020-03-01',
    price: 550,
    dlCount: 420,
    age: 'general',
    format: 'wav',
    layout: 'flat',
    tracks: [3, 3],
    sidecar: 'code.json',
    cover: 'cover.jpg',
  },
  {
    code: 'RJ01300001',
    folder: 'RJ01300001 催眠おやすみ音声',
    titleJa: '催眠おやすみ音声',
    titleEn: 'Hypnotic Good Night Voice',
    circle: 1,
    vas: [1],
    tags: [512, 494, 470],
    release: '2024-02-14',
    price: 1540,
    dlCount: 9800,
    age: 'r15',
    format: 'mp3',
    layout: 'flat',
    tracks: [5, 5],
    subtitle: { format: 'lrc', naming: 'base', encoding: 'utf-8', lang: 'ja' },
    sidecar: 'work.json',
    cover: 'cover.jpg',
    lang: 'JPN',
  },
  {
    code: 'RJ01300002',
    folder: 'Translations/RJ01300002 [ENG] Hypnotic Good Night Voice',
    titleJa: '【英語版】催眠おやすみ音声',
    titleEn: '[ENG Ver.] Hypnotic Good Night Voice',
    circle: 1,
    vas: [1],
    tags: [512, 494, 470],
    release: '2024-05-01',
    price: 1540,
    dlCount: 1200,
    age: 'r15',
    format: 'mp3',
    layout: 'flat',
    tracks: [5, 5],
    subtitle: { format: 'vtt', naming: 'base', encoding: 'utf-8', lang: 'en' },
    sidecar: 'work.json',
    cover: 'cover.jpg',
    translationOf: 'RJ01300001',
    lang: 'ENG',
  },
  {
    code: 'RJ01300003',
    folder: 'Translations/RJ01300003 [中文] 催眠晚安音声',
    titleJa: '【簡体中文版】催眠おやすみ音声',
    titleEn: '[Simplified Chinese Ver.] Hypnotic Good Night Voice',
    circle: 1,
    vas: [1],
    tags: [512, 494, 470],
    release: '2024-06-01',
    price: 1540,
    dlCount: 2100,
    age: 'r15',
    format: 'wav',
    layout: 'flat',
    tracks: [5, 5],
    subtitle: { format: 'lrc', naming: 'base', encoding: 'gbk', lang: 'zh' },
    sidecar: 'code.json',
    cover: 'cover.jpg',
    translationOf: 'RJ01300001',
    lang: 'CHI_HANS',
  },
  {
    code: 'RJ01100001',
    folder: 'RJ01100001 長時間の環境音と囁き',
    titleJa: '長時間の環境音と囁き',
    titleEn: 'Long Ambient Sounds and Whispers',
    circle: 4,
    vas: [5],
    tags: [495, 494, 1001],
    release: '2023-01-20',
    price: 660,
    dlCount: 7000,
    age: 'general',
    format: 'mp3',
    layout: 'flat',
    tracks: [75, 4],
    subtitle: { format: 'lrc', naming: 'base', encoding: 'utf-8', lang: 'ja' },
    sidecar: 'work.json',
    cover: 'cover.jpg',
    video: true,
  },
  {
    code: 'RJ01110001',
    folder: 'RJ01110001 メイドさんの耳かき (mp3+wav)',
    titleJa: 'メイドさんの耳かき',
    titleEn: "The Maid's Ear Cleaning",
    circle: 3,
    vas: [2],
    tags: [34, 497, 46],
    release: '2023-10-10',
    price: 1210,
    dlCount: 4300,
    age: 'adult',
    format: 'wav',
    layout: 'formats',
    tracks: [4, 5],
    subtitle: { format: 'srt', naming: 'full', encoding: 'utf-8', lang: 'ja' },
    sidecar: 'work.json',
    cover: 'folder.png',
  },
  {
    code: 'RJ01110002',
    folder: 'RJ01110002 関西弁お姉さんの添い寝',
    titleJa: '関西弁お姉さんの添い寝',
    titleEn: 'Sleeping Beside a Kansai-Dialect Onee-san',
    circle: 2,
    vas: [0],
    tags: [473, 55, 470],
    release: '2022-07-07',
    price: 880,
    dlCount: 6100,
    age: 'r15',
    format: 'wav',
    layout: 'se',
    tracks: [4, 4],
    subtitle: { format: 'lrc', naming: 'base', encoding: 'shift_jis', lang: 'ja' },
    sidecar: 'work.json',
    cover: 'main.jpg',
    readmeShiftJis: true,
    bonus: true,
  },
];

const STYLE_TITLES: [string, string][] = [
  ['ふたりの夏休み', 'Our Summer Vacation'],
  ['星空の下で', 'Under the Starry Sky'],
  ['となりの席の先輩', 'The Senpai in the Next Seat'],
  ['雪の日のささやき', 'Whispers on a Snowy Day'],
  ['魔女の薬屋さん', "The Witch's Apothecary"],
  ['夜更かしラジオ', 'Late Night Radio'],
  ['癒しの温泉旅館', 'The Healing Hot Spring Inn'],
  ['放課後の図書室', 'The Library After School'],
  ['猫耳メイドのご奉仕', 'Service from a Cat-Eared Maid'],
  ['月夜の百合物語', 'A Yuri Tale on a Moonlit Night'],
  ['幼なじみと雨宿り', 'Sheltering from the Rain with a Childhood Friend'],
  ['眠れない夜の羊', 'Sheep for Sleepless Nights'],
  ['海辺のカフェ', 'The Seaside Café'],
  ['お姉さんの膝枕', "Onee-san's Lap Pillow"],
  ['森のエルフと焚き火', 'Campfire with a Forest Elf'],
  ['こたつで年越し', 'New Year in the Kotatsu'],
  ['吸血鬼のお嬢様', 'The Vampire Lady'],
  ['朝まで一緒に', 'Together Until Morning'],
];

const GROUPS = ['', 'ASMR/2023', 'ASMR/2024/春', 'Voice Dramas', '', 'ASMR/2024/夏'];
const FORMATS: AudioFormat[] = ['mp3', 'wav', 'mp3', 'ogg', 'flac', 'm4a'];
const SUB_FORMATS: SubtitleSpec['format'][] = ['lrc', 'vtt', 'srt', 'ass'];
const COVERS: CoverStyle[] = ['cover.jpg', 'folder.png', 'first', 'code_img_main.jpg', 'none', 'main.jpg'];

/** Folder names in every supported style, for the generated bulk of the library. */
function styledFolder(i: number, code: string, title: string, circle: string): string {
  switch (i % 5) {
    case 0:
      return `[${circle}] ${code} ${title}`;
    case 1:
      return `${code} - ${title}`;
    case 2:
      return `${code}_${title.replace(/\s+/g, '_')}`;
    case 3:
      return code;
    default:
      return `${code} ${title}`;
  }
}

function generated(): DemoWorkSpec[] {
  return STYLE_TITLES.map(([ja, en], i) => {
    const code = `RJ0${1400001 + i * 37}`;
    const circle = i % CIRCLES.length;
    const group = GROUPS[i % GROUPS.length]!;
    const folder = styledFolder(i, code, ja, CIRCLES[circle]!.name);
    const tags = [TAGS[i % TAGS.length]!.id, TAGS[(i * 3 + 1) % TAGS.length]!.id, 1001].filter(
      (t, k, a) => a.indexOf(t) === k,
    );
    return {
      code,
      folder: group ? `${group}/${folder}` : folder,
      titleJa: ja,
      titleEn: en,
      circle,
      vas: [i % VAS.length, (i + 2) % VAS.length].filter((v, k, a) => a.indexOf(v) === k),
      tags,
      release: `20${20 + (i % 5)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
      price: 440 + ((i * 110) % 1760),
      dlCount: 100 + ((i * 7919) % 20000),
      age: (['general', 'r15', 'adult'] as const)[i % 3]!,
      format: FORMATS[i % FORMATS.length]!,
      layout: i % 7 === 3 ? 'deep' : 'flat',
      tracks: [3 + (i % 3), 4],
      ...(i % 4 === 3
        ? {}
        : {
            subtitle: {
              format: SUB_FORMATS[i % SUB_FORMATS.length]!,
              naming: i % 2 ? 'full' : 'base',
              encoding: 'utf-8',
              lang: 'ja',
            } satisfies SubtitleSpec,
          }),
      // Every third work has no sidecar: its title comes from the folder name.
      sidecar: i % 3 === 2 ? 'none' : i % 2 ? 'code.json' : 'work.json',
      cover: COVERS[i % COVERS.length]!,
      bonus: i % 4 === 1,
    };
  });
}

export const DEMO_WORKS: DemoWorkSpec[] = [...HANDMADE, ...generated()];
