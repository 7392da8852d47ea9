import { describe, expect, it } from 'vitest';
import { endpointChoices, endpointLabel } from './endpoints.ts';

const origin = 'https://voice.example';

describe('endpoint choices', () => {
  it('lists this server first, then the saved URLs, without duplicates or trailing slashes', () => {
    expect(endpointChoices(['', 'https://a.example/', 'https://a.example'], '', origin)).toEqual([
      '',
      'https://a.example',
    ]);
  });

  it('adds the URL in use when it is not saved, and merges the page origin into this server', () => {
    expect(endpointChoices([''], 'https://b.example', origin)).toEqual(['', 'https://b.example']);
    expect(endpointChoices([`${origin}/`], origin, origin)).toEqual(['']);
  });

  it('names this server with its origin', () => {
    expect(endpointLabel('', origin, 'This server')).toBe('This server (https://voice.example)');
    expect(endpointLabel('https://a.example', origin, 'This server')).toBe('https://a.example');
  });
});
