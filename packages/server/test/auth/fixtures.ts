/** A small catalogue for the account, review, vote, playlist and recommender tests. */
import type { SeedWork } from '../helpers/seed.ts';

export const TAG = { whisper: 1, binaural: 2, comedy: 3, healing: 4, drama: 5 } as const;

const tag = (id: number, name: string) => ({ id, name, name_en: name });
export const whisper = tag(TAG.whisper, 'whisper');
export const binaural = tag(TAG.binaural, 'binaural');
export const comedy = tag(TAG.comedy, 'comedy');
export const healing = tag(TAG.healing, 'healing');
export const drama = tag(TAG.drama, 'drama');

export const CATALOGUE: SeedWork[] = [
  {
    id: 100001,
    title: 'Whisper night',
    circle: { id: 1, name: 'Quiet Room' },
    vas: ['Aoi'],
    tags: [whisper, healing],
  },
  {
    id: 100002,
    title: 'Whisper morning',
    circle: { id: 1, name: 'Quiet Room' },
    vas: ['Aoi'],
    tags: [whisper, binaural],
  },
  {
    id: 100003,
    title: 'Soft whispers',
    circle: { id: 2, name: 'Ear Lab' },
    vas: ['Mio'],
    tags: [whisper, healing, binaural],
  },
  { id: 100004, title: 'Laugh track', circle: { id: 3, name: 'Funny Co' }, vas: ['Ren'], tags: [comedy] },
  { id: 100005, title: 'Big drama', circle: { id: 4, name: 'Stage' }, vas: ['Ren'], tags: [drama] },
  {
    id: 100006,
    title: 'Comedy hour',
    circle: { id: 3, name: 'Funny Co' },
    vas: ['Kai'],
    tags: [comedy, drama],
  },
  { id: 100007, title: 'Whisper rain', circle: { id: 2, name: 'Ear Lab' }, vas: ['Mio'], tags: [whisper] },
  { id: 100008, title: 'Drama two', circle: { id: 4, name: 'Stage' }, vas: ['Kai'], tags: [drama, comedy] },
];

export const WORK_IDS = CATALOGUE.map((w) => w.id);
