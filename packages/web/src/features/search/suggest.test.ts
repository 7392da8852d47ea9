import { describe, expect, it } from 'vitest';
import { suggest } from './suggest.ts';

const entities = {
  tag: ['ASMR', 'Healing', 'Ear cleaning'],
  circle: ['Team Sasayaki', 'Moon'],
  va: ['Aoi', 'Sakura Aoi'],
};

describe('search suggestions', () => {
  it('completes a namespace', () => {
    expect(suggest('$ta', entities).map((s) => s.keyword)).toEqual(['$tag:', '$tagw:']);
    expect(suggest('$tagw:ear', entities).map((s) => s.keyword)).toEqual(['$tagw:"Ear cleaning"$']);
    expect(suggest('rain $-c', entities).map((s) => s.keyword)).toEqual(['rain $-circle:']);
  });

  it('completes a tag, circle or voice actor value from the entity lists', () => {
    expect(suggest('$tag:ear', entities).map((s) => s.keyword)).toEqual(['$tag:"Ear cleaning"$']);
    expect(suggest('$va:aoi', entities).map((s) => s.label)).toEqual(['Aoi', 'Sakura Aoi']);
  });

  it('offers the suggested values of docs/product.md §9', () => {
    expect(suggest('$duration:', entities).map((s) => s.label)).toEqual([
      '20m',
      '30m',
      '40m',
      '50m',
      '1h',
      '1.2h',
    ]);
    expect(suggest('$age:', entities).map((s) => s.label)).toEqual(['general', 'r15', 'adult']);
    expect(suggest('$sell:1', entities).map((s) => s.label)).toEqual(['100', '1000']);
  });

  it('turns a plain word into matching entity terms, keeping what came before', () => {
    const s = suggest('$tag:ASMR$ moo', entities);
    expect(s).toEqual([{ keyword: '$tag:ASMR$ $circle:Moon$', label: 'Moon', kind: 'circle' }]);
  });

  it('suggests nothing after a space or for an empty box', () => {
    expect(suggest('', entities)).toEqual([]);
    expect(suggest('asmr ', entities)).toEqual([]);
  });
});
