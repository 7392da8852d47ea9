/** Work metadata as every provider (sidecar file, online store, folder name) delivers it. */
import type { LanguageEdition, TranslationInfo, Work } from '@sasayaki/contract';
import type { Repair } from './clean.ts';

export interface TagMeta {
  /** The store's tag id, when known. */
  id?: number;
  /** Canonical (store) name, usually Japanese. */
  name: string;
  en?: string;
  ja?: string;
  zh?: string;
  censoredEn?: string;
  censoredJa?: string;
  censoredZh?: string;
}

/** The translation fields a source gave; what it left out is derived when a work is served. */
export type TranslationMeta = Partial<TranslationInfo> & {
  is_translation_agree?: boolean;
  is_volunteer?: boolean;
};

export interface WorkMetadata {
  /** Which provider answered: 'sidecar', 'dlsite', 'folder'. */
  source: string;
  title: string;
  /** Other names of the work (an English title): searchable, not shown. */
  altTitles: string[];
  circle: { id?: number; name: string; sourceId?: string } | null;
  vas: string[];
  tags: TagMeta[];
  release: string | null;
  sourceUrl: string | null;
  price: number;
  dlCount: number;
  rateCount: number;
  /** The store's count of reviews (what kikoeru front ends show), not this site's. */
  reviewCount: number;
  rateAverage: number;
  /** Counts for 1★..5★. */
  rateDetail: [number, number, number, number, number];
  rank: NonNullable<Work['rank']> | null;
  ageCategory: 'general' | 'r15' | 'adult';
  /** The source's own nsfw flag; null when it gave none (then derived from the age category). */
  nsfw: boolean | null;
  lang: string | null;
  languageEditions: LanguageEdition[];
  translationInfo: TranslationMeta;
  originalWorkno: string | null;
  workAttributes: string;
  /** A file name (or path) of the work's cover image, to look for inside the work folder. */
  coverHint: string | null;
  /** What the normaliser had to change in the source's values, for the scan report. */
  repairs: Repair[];
}

export function emptyMetadata(source: string, title: string): WorkMetadata {
  return {
    source,
    title,
    altTitles: [],
    circle: null,
    vas: [],
    tags: [],
    release: null,
    sourceUrl: null,
    price: 0,
    dlCount: 0,
    rateCount: 0,
    reviewCount: 0,
    rateAverage: 0,
    rateDetail: [0, 0, 0, 0, 0],
    rank: null,
    ageCategory: 'adult',
    nsfw: null,
    lang: null,
    languageEditions: [],
    translationInfo: {},
    originalWorkno: null,
    workAttributes: '',
    coverHint: null,
    repairs: [],
  };
}

/** nsfw as stored: the source's explicit flag wins; derived from the age category otherwise. */
export const nsfwOf = (m: WorkMetadata): boolean => m.nsfw ?? m.ageCategory !== 'general';
