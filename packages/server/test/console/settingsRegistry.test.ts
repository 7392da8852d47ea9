/**
 * The site settings registry on any input the console could send: every value is either refused
 * with SETTING_INVALID or accepted as a value that survives storing (encode, then decode) and
 * parses again to itself. No other error, no crash.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { HttpError } from '../../src/errors.ts';
import { SETTING_KEYS, SETTINGS, SiteSettings } from '../../src/siteSettings.ts';
import { openTestDb } from '../helpers/db.ts';

type AnyDef = {
  parse(v: unknown): unknown;
  encode(v: unknown): string;
  decode(s: string): unknown;
};

const anyInput = fc.oneof(
  fc.jsonValue(),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.array(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string())),
  fc.webUrl(),
  fc.constantFrom('smtp://u:p@127.0.0.1:25', 'smtps://mail.example.org', 'https://a.example/', 'loopback'),
);

describe('site settings registry', () => {
  it.each(SETTING_KEYS)('%s: refuses with SETTING_INVALID or round-trips through storage', (key) => {
    const def = SETTINGS[key] as unknown as AnyDef;
    fc.assert(
      fc.property(anyInput, (input) => {
        let value: unknown;
        try {
          value = def.parse(input);
        } catch (err) {
          expect(err).toBeInstanceOf(HttpError);
          expect((err as HttpError).code).toBe('SETTING_INVALID');
          return;
        }
        const stored = def.decode(def.encode(value));
        expect(stored).toEqual(value);
        expect(def.parse(stored)).toEqual(value);
      }),
      { numRuns: 300 },
    );
  });

  it('normalises what it accepts', () => {
    expect(SETTINGS.publicUrl.parse(' https://asmr.example.org/ ')).toBe('https://asmr.example.org');
    expect(SETTINGS.trustProxy.parse(['127.0.0.1', '10.0.0.0/8', 'loopback'])).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
    ]);
    expect(() => SETTINGS.trustProxy.parse(['10.0.0.0/33'])).toThrow(HttpError);
    expect(() => SETTINGS.guestRateLimit.parse(1.5)).toThrow(HttpError);
    expect(SETTINGS.guestRateLimit.parse(1)).toBe(1);
  });
});

describe('site settings cache', () => {
  it('keeps the last values while the database cannot be read, and retries a reload interval later', async () => {
    const t = await openTestDb('sqlite');
    const settings = new SiteSettings(t, loadConfig({}, { registrationEnabled: true }));
    await settings.write({ registrationEnabled: false, guestRateLimit: 7 });
    expect(settings.get('registrationEnabled')).toBe(false);
    await t.close();
    settings.invalidate();
    await expect(settings.refresh()).rejects.toThrow();
    expect(settings.get('registrationEnabled')).toBe(false);
    expect(settings.get('guestRateLimit')).toBe(7);
    // Not again at once: a closed database is not asked on every request.
    await expect(settings.refresh()).resolves.toBeUndefined();
  });
});
