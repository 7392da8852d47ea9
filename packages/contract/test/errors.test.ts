import { describe, expect, it } from 'vitest';
import {
  ERRORS,
  type ErrorCode,
  errorMessage,
  fillPlaceholders,
  isErrorCode,
  placeholdersOf,
} from '../src/errors.ts';

/** Codes that say the same words on purpose: the status tells them apart. */
const SHARED_MESSAGES: ErrorCode[][] = [
  // Fastify's own text of a refused request, under the code of its status.
  ['BAD_REQUEST', 'BODY_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  // One rate-limit text for every limited door; the code names the door.
  ['RATE_LIMITED', 'FEEDBACK_RATE_LIMITED', 'RECOMMENDER_RATE_LIMITED'],
];

describe('the error catalogue', () => {
  const entries = Object.entries(ERRORS) as [ErrorCode, { status: number; message: string }][];

  it('gives every code an error status and a message', () => {
    expect(entries.length).toBeGreaterThan(50);
    for (const [code, { status, message }] of entries) {
      expect(code, code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(Number.isInteger(status) && status >= 400 && status <= 599, `${code}: ${status}`).toBe(true);
      expect(message.trim(), code).not.toBe('');
      // A placeholder is a plain name; stray braces would reach the client unfilled.
      expect(message.replace(/\{\{\w+\}\}/g, ''), code).not.toMatch(/\{\{|\}\}/);
    }
  });

  it('says each message once, except where the codes share it on purpose', () => {
    const byMessage = new Map<string, ErrorCode[]>();
    for (const [code, { message }] of entries)
      byMessage.set(message, [...(byMessage.get(message) ?? []), code]);
    const shared = [...byMessage.values()].filter((codes) => codes.length > 1);
    expect(shared.map((c) => [...c].sort())).toEqual(SHARED_MESSAGES.map((c) => [...c].sort()));
  });

  it('keeps the texts third-party clients compare', () => {
    expect(ERRORS.NO_TOKEN).toEqual({ status: 401, message: 'No authorization token was found' });
    expect(ERRORS.JWT_EXPIRED).toEqual({ status: 401, message: 'jwt expired' });
    expect(ERRORS.BAD_LOGIN).toEqual({ status: 401, message: 'incorrect name or password' });
    expect(ERRORS.WORK_NOT_FOUND).toEqual({ status: 404, message: 'Work not found' });
    expect(ERRORS.INSUFFICIENT_STORAGE.status).toBe(507);
  });

  it('fills the parameters a message names', () => {
    expect(errorMessage('NAME_TOO_SHORT', { min: 5 })).toBe('name must be at least 5 characters');
    expect(errorMessage('BAD_NUMBER', { name: 'page', min: 1, max: 9 })).toBe(
      'page must be a whole number from 1 to 9',
    );
    expect(errorMessage('SEARCH_TERM_NO_VALUE', { term: '$va$', namespace: 'va' })).toBe(
      'Search term $va$ has no value: write it as $va:VALUE$',
    );
    expect(errorMessage('BAD_LOGIN')).toBe('incorrect name or password');
    // A value is inserted as it is: its own braces are not filled again.
    expect(fillPlaceholders('{{a}} {{b}}', { a: '{{b}}', b: 'x' })).toBe('{{b}} x');
    expect(fillPlaceholders('{{a}}', {})).toBe('{{a}}');
    expect(placeholdersOf(ERRORS.WORK_NOT_FOUND_OTHER_PREFIX.message)).toEqual(['digits', 'code', 'hints']);
  });

  it('knows its codes and nothing else', () => {
    expect(isErrorCode('PLAYLIST_NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('NOPE')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
