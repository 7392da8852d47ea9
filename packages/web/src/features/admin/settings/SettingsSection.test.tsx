/**
 * Site settings against a stand-in API on 127.0.0.1 that keeps its settings: the environment's
 * read-only, drafts saved together (the fields then show them as the server has them), a setting
 * back to its default, a refusal said once with the drafts kept, and the test mail.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fakeApi.ts';
import { answering, notices, renderConsole, shows } from '../../../../test/renderConsole.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { SettingsSection } from './SettingsSection.tsx';

const api = fakeApi();
const SETTINGS = '/api/admin/settings';

interface Setting {
  key: string;
  kind: string;
  env: string;
  overridden: boolean;
  stored: boolean;
  value: unknown;
  default: unknown;
  isSet?: boolean;
}

const setting = (key: string, kind: string, value: unknown, over: Partial<Setting> = {}): Setting => ({
  key,
  kind,
  env: `SASAYAKI_${key.toUpperCase()}`,
  overridden: false,
  stored: false,
  value,
  default: value,
  ...over,
});

let settings: Setting[] = [];

function server(refuse?: { code: string; params?: Record<string, unknown> }) {
  answering(api, {
    [`GET ${SETTINGS}`]: () => ({ body: { settings } }),
    [`PUT ${SETTINGS}`]: (req) => {
      if (refuse) return { status: 400, body: { error: refuse.code, ...refuse } };
      const { changes } = req.body as { changes: Record<string, unknown> };
      settings = settings.map((s) =>
        s.key in changes ? { ...s, value: changes[s.key] ?? s.default, stored: changes[s.key] !== null } : s,
      );
      return { body: { settings } };
    },
    'POST /api/admin/settings/test-mail': (req) =>
      (req.body as { to: string }).to === 'nobody@example.test'
        ? {
            status: 502,
            body: { error: 'mail', code: 'MAIL_FAILED', params: { reason: 'connection refused' } },
          }
        : { body: { message: 'ok' } },
  });
}

beforeEach(() => {
  settings = [
    setting('registrationEnabled', 'boolean', true),
    setting('registrationLimit', 'integer', 5),
    setting('trustProxy', 'list', ['127.0.0.1']),
    setting('smtpUrl', 'url', 'smtp://mail:25', { overridden: true, env: 'SASAYAKI_SMTP_URL' }),
    setting('metricsToken', 'secret', null, { isSet: true }),
  ];
});

const field = (key: string) => within(screen.getByTestId(`setting-${key}`));

describe('site settings', { timeout: 30_000 }, () => {
  it('shows each setting, the environment’s read-only with its variable', async () => {
    server();
    renderConsole(<SettingsSection />);
    await shows('Registration and access');
    expect(field('registrationEnabled').getByRole('switch')).toBeChecked();
    expect(field('registrationLimit').getByLabelText('Registrations per address an hour')).toHaveValue(5);
    expect(field('trustProxy').getByLabelText('Trusted proxies')).toHaveValue('127.0.0.1');
    expect(field('smtpUrl').getByTestId('env-chip')).toHaveTextContent('Set by SASAYAKI_SMTP_URL');
    expect(field('smtpUrl').getByLabelText('SMTP server')).toBeDisabled();
    expect(field('metricsToken').getByText('Set')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
  });

  it('saves the changed fields together, as their kinds say, and shows them as saved', async () => {
    server();
    renderConsole(<SettingsSection />);
    await shows('Registration and access');
    fireEvent.click(field('registrationEnabled').getByRole('switch'));
    fireEvent.change(field('registrationLimit').getByLabelText('Registrations per address an hour'), {
      target: { value: '9' },
    });
    fireEvent.change(field('trustProxy').getByLabelText('Trusted proxies'), {
      target: { value: '127.0.0.1, 10.0.0.0/8 ,' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save 3 changes' }));
    await waitFor(() => expect(notices()).toEqual(['positive: Settings saved.']));
    expect(api.seen.find((r) => r.method === 'PUT')?.body).toEqual({
      changes: { registrationEnabled: false, registrationLimit: 9, trustProxy: ['127.0.0.1', '10.0.0.0/8'] },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull());
    expect(field('registrationEnabled').getByRole('switch')).not.toBeChecked();
    expect(field('trustProxy').getByLabelText('Trusted proxies')).toHaveValue('127.0.0.1, 10.0.0.0/8');
    expect(field('registrationEnabled').getByRole('button', { name: 'Use the default' })).toBeInTheDocument();
  });

  it('closes the site during maintenance with its own switch, in three languages', async () => {
    settings.push(
      setting('maintenance', 'boolean', true),
      setting('maintenanceClosed', 'boolean', false),
      setting('maintenanceHtml', 'text', '<p>Moving disks</p>'),
    );
    server();
    renderConsole(<SettingsSection />);
    await shows('Close the site during maintenance');
    expect(field('maintenanceClosed').getByRole('switch')).not.toBeChecked();
    fireEvent.click(field('maintenanceClosed').getByRole('switch'));
    fireEvent.click(screen.getByRole('button', { name: 'Save 1 change' }));
    await waitFor(() => expect(notices()).toEqual(['positive: Settings saved.']));
    expect(api.seen.find((r) => r.method === 'PUT')?.body).toEqual({ changes: { maintenanceClosed: true } });
    await waitFor(() => expect(field('maintenanceClosed').getByRole('switch')).toBeChecked());
    for (const [lang, label] of [
      ['ja', 'メンテナンス中はサイトを閉じる'],
      ['zh-CN', '维护期间关闭站点'],
    ] as const) {
      await act(() => i18n.changeLanguage(lang));
      expect(await shows(label)).toBeInTheDocument();
    }
    await act(() => i18n.changeLanguage('en'));
  });

  it('puts a stored setting back to its default', async () => {
    settings[0] = { ...(settings[0] as Setting), value: false, stored: true };
    server();
    renderConsole(<SettingsSection />);
    await shows('Registration and access');
    expect(field('registrationEnabled').getByRole('switch')).not.toBeChecked();
    fireEvent.click(field('registrationEnabled').getByRole('button', { name: 'Use the default' }));
    await waitFor(() => expect(field('registrationEnabled').getByRole('switch')).toBeChecked());
    expect(api.seen.find((r) => r.method === 'PUT')?.body).toEqual({
      changes: { registrationEnabled: null },
    });
  });

  it('keeps the drafts and says once why they were refused', async () => {
    server({ code: 'SETTING_INVALID', params: { reason: 'registrationLimit must be at least 1' } });
    renderConsole(<SettingsSection />);
    await shows('Registration and access');
    fireEvent.change(field('registrationLimit').getByLabelText('Registrations per address an hour'), {
      target: { value: '0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save 1 change' }));
    await waitFor(() =>
      expect(notices()).toEqual(['negative: Invalid setting: registrationLimit must be at least 1']),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save 1 change' })).toBeEnabled());
    expect(field('registrationLimit').getByLabelText('Registrations per address an hour')).toHaveValue(0);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(field('registrationLimit').getByLabelText('Registrations per address an hour')).toHaveValue(5);
  });

  it('sends a test mail, and says why one could not be sent', async () => {
    server();
    renderConsole(<SettingsSection />);
    await shows('Registration and access');
    const to = screen.getByLabelText('Send a test mail to');
    expect(screen.getByRole('button', { name: 'Send test mail' })).toBeDisabled();
    fireEvent.change(to, { target: { value: ' ops@example.test ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test mail' }));
    await waitFor(() => expect(notices()).toEqual(['positive: Test mail sent.']));
    fireEvent.change(to, { target: { value: 'nobody@example.test' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send test mail' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Send test mail' }));
    await waitFor(() =>
      expect(notices()).toContain('negative: The mail could not be sent: connection refused'),
    );
    expect(notices()).toHaveLength(2);
    expect(api.seen.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { to: 'ops@example.test' },
      { to: 'nobody@example.test' },
    ]);
  });
});
