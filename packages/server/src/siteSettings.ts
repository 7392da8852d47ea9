/**
 * Site settings: the one registry of what an administrator may change while the server runs,
 * and the one way to read it (`SiteSettings.get`).
 *
 * Each setting has a key in the `settings` table, a type, a default from config.ts, the
 * environment variable that overrides it, and a parser that validates what the console sends.
 * A value resolves as: the environment variable when the process was started with it, else the
 * stored value, else the default of config.ts. Values are cached per instance; a write
 * invalidates the cache (`invalidate`) and, on PostgreSQL, tells every other instance in the same
 * transaction (infra/cluster/signals.ts), which reload at once. While that signal cannot be
 * heard (SQLite has no other instance; a PostgreSQL listener reconnecting), values are reloaded
 * at most `RELOAD_MS` after the last load; while it is heard, only every `LIVE_RELOAD_MS`, in
 * case of a hand edit of the table.
 *
 * Reads are synchronous, so hot paths (the proxy trust of every request, the guest limit) cost
 * nothing: the app refreshes the cache at the start of each request (app.ts), and code outside a
 * request awaits `refresh()` first.
 */

import proxyAddr from '@fastify/proxy-addr';
import type { SettingInfo, SettingKind } from '@sasayaki/contract';
import { type Config, trustedProxies } from './config.ts';
import type { Db } from './db/connect.ts';
import { fail, HttpError } from './errors.ts';
import type { InstanceSignals } from './infra/cluster/signals.ts';
import { deleteSetting, insertSetting, storedSettings } from './repositories/settings.ts';

interface SettingDef<T> {
  /** Row key in the `settings` table. */
  key: string;
  /** The variable that overrides the stored value. */
  env: string;
  kind: SettingKind;
  /** The default, and the value when the variable is set: config.ts parsed it. */
  fromConfig(c: Config): T;
  /** A value the console sent: validated (fail → 400 SETTING_INVALID) and normalised. */
  parse(input: unknown): T;
  encode(v: T): string;
  decode(stored: string): T;
}

const invalid = (reason: string): never => {
  throw fail('SETTING_INVALID', { reason });
};

const boolean = (key: string, env: string, fromConfig: (c: Config) => boolean): SettingDef<boolean> => ({
  key,
  env,
  kind: 'boolean',
  fromConfig,
  parse: (v) => (typeof v === 'boolean' ? v : invalid('expected true or false')),
  encode: String,
  decode: (s) => s === 'true',
});

const integer = (
  key: string,
  env: string,
  fromConfig: (c: Config) => number,
  min: number,
  max: number,
): SettingDef<number> => ({
  key,
  env,
  kind: 'integer',
  fromConfig,
  parse: (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
      ? v
      : invalid(`expected a whole number from ${min} to ${max}`),
  encode: String,
  decode: (s) => Math.min(max, Math.max(min, Math.trunc(Number(s)) || min)),
});

const text = (
  key: string,
  env: string,
  fromConfig: (c: Config) => string,
  maxLength: number,
  check: (s: string) => string = (s) => s,
  kind: SettingKind = 'text',
): SettingDef<string> => ({
  key,
  env,
  kind,
  fromConfig,
  parse: (v) => {
    if (typeof v !== 'string') return invalid('expected text');
    if (v.length > maxLength) return invalid(`at most ${maxLength} characters`);
    return check(v.trim());
  },
  encode: (s) => s,
  decode: (s) => s,
});

/** Empty, or an absolute http(s) URL without a trailing slash. */
function publicUrl(s: string): string {
  if (!s) return '';
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return invalid('expected an absolute URL such as https://asmr.example.org');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return invalid('expected an http or https URL');
  if (u.search || u.hash) return invalid('the URL must not have a query or a fragment');
  return s.replace(/\/+$/, '');
}

function smtpUrl(s: string): string {
  if (!s) return '';
  try {
    const u = new URL(s);
    if (u.protocol === 'smtp:' || u.protocol === 'smtps:') return s;
  } catch {
    // refused below
  }
  return invalid('expected smtp://user:password@host:port or smtps://…');
}

const proxies: SettingDef<string[]> = {
  key: 'trust_proxy',
  env: 'SASAYAKI_TRUST_PROXY',
  kind: 'list',
  fromConfig: (c) => c.trustProxy,
  parse: (v) => {
    if (!Array.isArray(v) || v.length > 100 || !v.every((e) => typeof e === 'string' && e.length <= 100)) {
      return invalid('expected a list of addresses or CIDRs');
    }
    try {
      return trustedProxies(v.join(','));
    } catch (err) {
      return invalid((err as Error).message);
    }
  },
  encode: (v) => v.join(','),
  decode: (s) => {
    try {
      return trustedProxies(s);
    } catch {
      return [];
    }
  },
};

/** Every site setting. The keys are what the API and the console name them. */
export const SETTINGS = {
  registrationEnabled: boolean('registration_enabled', 'SASAYAKI_REGISTRATION', (c) => c.registrationEnabled),
  anonymousMedia: boolean('anonymous_media', 'SASAYAKI_ANONYMOUS_MEDIA', (c) => c.allowAnonymousMedia),
  guestRateLimit: integer(
    'guest_rate_limit',
    'SASAYAKI_GUEST_RATE_LIMIT',
    (c) => c.guestRateLimitPerMinute,
    1,
    1_000_000,
  ),
  registrationLimit: integer(
    'registration_limit',
    'SASAYAKI_REGISTRATION_LIMIT',
    (c) => c.registrationsPerAddressPerHour,
    1,
    1_000_000,
  ),
  subtitleQuotaMb: integer(
    'subtitle_quota_mb',
    'SASAYAKI_SUBTITLE_QUOTA_MB',
    (c) => c.subtitleQuotaMb,
    0,
    1_000_000,
  ),
  backupIntervalHours: integer(
    'backup_interval_hours',
    'SASAYAKI_BACKUP_INTERVAL_HOURS',
    (c) => c.backupIntervalHours,
    0,
    8760,
  ),
  backupKeep: integer('backup_keep', 'SASAYAKI_BACKUP_KEEP', (c) => c.backupKeep, 1, 1000),
  maintenance: boolean('maintenance', 'SASAYAKI_MAINTENANCE', (c) => c.maintenance),
  maintenanceHtml: text('maintenance_html', 'SASAYAKI_MAINTENANCE_HTML', (c) => c.maintenanceHtml, 100_000),
  maintenanceClosed: boolean('maintenance_closed', 'SASAYAKI_MAINTENANCE_CLOSED', (c) => c.maintenanceClosed),
  publicUrl: text('public_url', 'SASAYAKI_PUBLIC_URL', (c) => c.publicUrl, 2000, publicUrl, 'url'),
  trustProxy: proxies,
  smtpUrl: text('smtp_url', 'SASAYAKI_SMTP_URL', (c) => c.smtpUrl, 2000, smtpUrl, 'secret'),
  mailFrom: text(
    'mail_from',
    'SASAYAKI_MAIL_FROM',
    (c) => c.mailFrom,
    300,
    (s) =>
      !s
        ? invalid('expected a sender such as Sasayaki <no-reply@example.org>')
        : // A line break would let the sender add headers of its own to every mail.
          hasControlCharacters(s)
          ? invalid('the sender must not contain line breaks or other control characters')
          : s,
  ),
  metricsToken: text(
    'metrics_token',
    'SASAYAKI_METRICS_TOKEN',
    (c) => c.metricsToken,
    200,
    (s) => (s === '' || s.length >= 16 ? s : invalid('use at least 16 characters, or none')),
    'secret',
  ),
} satisfies Record<
  string,
  SettingDef<boolean> | SettingDef<number> | SettingDef<string> | SettingDef<string[]>
>;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = ReturnType<(typeof SETTINGS)[K]['decode']>;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

const defOf = (key: SettingKey) => SETTINGS[key] as SettingDef<unknown>;
const STORED_KEYS = SETTING_KEYS.map((k) => defOf(k).key);

/** How long another instance's write may go unseen here. */
export const RELOAD_MS = 1000;
/** With the other instances' writes signalled: a reload for changes made by hand in the table. */
export const LIVE_RELOAD_MS = 60_000;

export class SiteSettings {
  private stored = new Map<string, string>();
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;
  /** Counts invalidations: a load that saw one happen while it ran is stale when it ends. */
  private epoch = 0;
  /** The last load failed: retried a short reload interval later. */
  private failed = false;
  private trust: ((addr: string, hop: number) => boolean) | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly signals?: InstanceSignals,
  ) {
    signals?.on((kind) => {
      if (kind !== 'settings' && kind !== 'resync') return;
      this.invalidate();
      // Loaded now, not by the next request: a setting read outside requests applies too.
      this.refresh().catch(() => undefined);
    });
  }

  /** The current value of a setting (after `refresh`). */
  get<K extends SettingKey>(key: K): SettingValue<K> {
    const def = defOf(key);
    if (this.overriddenBy(key)) return def.fromConfig(this.config) as SettingValue<K>;
    const raw = this.stored.get(def.key);
    return (raw === undefined ? def.fromConfig(this.config) : def.decode(raw)) as SettingValue<K>;
  }

  /** The environment variable that overrides the setting, or null. */
  overriddenBy(key: SettingKey): string | null {
    const { env } = defOf(key);
    return this.config.fromEnvironment.includes(env) ? env : null;
  }

  /** Reloads the stored values when they may be stale; cheap when they are not. */
  async refresh(): Promise<void> {
    // Again when invalidated during a load: that load may have read the values before the change.
    while (this.stale()) {
      this.loading ??= this.load().finally(() => {
        this.loading = null;
      });
      await this.loading;
    }
  }

  private stale(): boolean {
    const maxAge = this.signals?.live && !this.failed ? LIVE_RELOAD_MS : RELOAD_MS;
    return Date.now() - this.loadedAt >= maxAge;
  }

  /** Forgets the cached values: the next `refresh` reads them again. */
  invalidate(): void {
    this.epoch++;
    this.loadedAt = Number.NEGATIVE_INFINITY;
  }

  /** Whether Fastify may believe a forwarding header from this hop (app.ts `trustProxy`). */
  trusts(addr: string, hop: number): boolean {
    this.trust ??= proxyAddr.compile(this.get('trustProxy'));
    return this.trust(addr, hop);
  }

  /**
   * Validates every change first, then writes them in one transaction (null: back to the
   * default). Answers the changes as stored, for the audit log; secrets are not repeated.
   */
  async write(changes: Partial<Record<SettingKey, unknown>>): Promise<Record<string, unknown>> {
    const rows: { key: string; value: string | null }[] = [];
    const logged: Record<string, unknown> = {};
    for (const [key, input] of Object.entries(changes)) {
      if (!(key in SETTINGS)) throw fail('SETTING_UNKNOWN', { key });
      const def = defOf(key as SettingKey);
      if (this.overriddenBy(key as SettingKey)) throw fail('SETTING_FROM_ENVIRONMENT', { key, env: def.env });
      let value: unknown = null;
      try {
        value = input === null ? null : def.parse(input);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        throw fail('SETTING_INVALID', { reason: `${key}: ${err.params?.reason ?? err.message}` });
      }
      rows.push({ key: def.key, value: value === null ? null : def.encode(value) });
      logged[key] = def.kind === 'secret' ? (value ? 'set' : 'cleared') : value;
    }
    await this.db.transaction().execute(async (tx) => {
      for (const r of rows) {
        await deleteSetting(tx, r.key);
        if (r.value !== null) await insertSetting(tx, r.key, r.value);
      }
      await this.signals?.send(tx, 'settings');
    });
    this.invalidate();
    await this.refresh();
    return logged;
  }

  /** Every setting as the console shows it; secrets only say whether they are set. */
  view(): SettingInfo[] {
    return SETTING_KEYS.map((key) => {
      const def = defOf(key);
      const secret = def.kind === 'secret';
      const value = this.get(key);
      const dflt = def.fromConfig(this.config);
      return {
        key,
        kind: def.kind,
        env: def.env,
        overridden: this.overriddenBy(key) !== null,
        stored: this.stored.has(def.key),
        value: secret ? null : (value as SettingInfo['value']),
        isSet: secret ? value !== '' : undefined,
        default: secret ? null : (dflt as SettingInfo['value']),
      };
    });
  }

  private async load(): Promise<void> {
    const epoch = this.epoch;
    let rows: { key: string; value: string }[];
    try {
      rows = await storedSettings(this.db, STORED_KEYS);
    } catch (err) {
      // The database is away: the last values stay, and the next try is a reload interval away.
      this.failed = true;
      this.loadedAt = Date.now();
      throw err;
    }
    this.stored = new Map(rows.map((r) => [r.key, r.value]));
    this.trust = null;
    this.failed = false;
    this.loadedAt = epoch === this.epoch ? Date.now() : Number.NEGATIVE_INFINITY;
  }
}

/** C0 controls and DEL (line breaks among them). */
function hasControlCharacters(s: string): boolean {
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}
