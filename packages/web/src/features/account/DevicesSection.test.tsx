/** Account → Devices: the list as the server answers it, sign out one, sign out all others. */
import type { Session } from '@sasayaki/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/index.ts';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../shared/api/client.ts')>()),
  call: api.call,
}));
const { DevicesSection } = await import('./DevicesSection.tsx');

const SESSIONS: Session[] = [
  {
    id: 'a',
    client: 'Firefox 140 on Linux',
    address: '192.0.2.7',
    createdAt: 1,
    lastSeenAt: 1_700_000_000_000,
    expiresAt: 9e12,
    current: true,
  },
  {
    id: 'b',
    client: 'Safari 18 on iOS',
    address: '198.51.100.4',
    createdAt: 1,
    lastSeenAt: 1_700_000_000_000,
    expiresAt: 9e12,
    current: false,
  },
];

function answer(route: string, input: { params?: { id: string } }) {
  if (route === 'GET /api/auth/sessions') return Promise.resolve({ sessions: SESSIONS });
  if (route === 'DELETE /api/auth/sessions/:id')
    return Promise.resolve({ message: `signed out ${input.params?.id}` });
  if (route === 'POST /api/auth/sessions/end-others') return Promise.resolve({ ended: 1 });
  return Promise.reject(new Error(route));
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DevicesSection />
    </QueryClientProvider>,
  );
}

describe('Devices', () => {
  afterEach(() => {
    cleanup();
    api.call.mockReset();
    act(() => void i18n.changeLanguage('en'));
  });

  it('lists each device with its client and address, and marks this one', async () => {
    api.call.mockImplementation(answer);
    renderSection();
    expect(await screen.findByText('Firefox 140 on Linux')).toBeInTheDocument();
    expect(screen.getByText('Safari 18 on iOS')).toBeInTheDocument();
    expect(screen.getByText(/from 198\.51\.100\.4/)).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
    // One sign-out button: this device has none.
    expect(screen.getAllByRole('button', { name: 'Sign out' })).toHaveLength(1);
  });

  it('signs out one device, and all the others', async () => {
    api.call.mockImplementation(answer);
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith('DELETE /api/auth/sessions/:id', { params: { id: 'b' } }),
    );
    // The buttons wait while the list is read again: a click on a disabled one is lost.
    const others = screen.getByRole('button', { name: 'Sign out all other devices' });
    await waitFor(() => expect(others).toBeEnabled());
    fireEvent.click(others);
    expect(await screen.findByText('1 other device signed out.')).toBeInTheDocument();
  });

  it('speaks Chinese and Japanese', async () => {
    api.call.mockImplementation(answer);
    act(() => void i18n.changeLanguage('zh-CN'));
    renderSection();
    expect(await screen.findByText('本设备')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '退出其他所有设备' })).toBeInTheDocument();
    act(() => void i18n.changeLanguage('ja'));
    expect(await screen.findByText('このデバイス')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '他のすべてのデバイスをサインアウト' })).toBeInTheDocument();
  });
});
