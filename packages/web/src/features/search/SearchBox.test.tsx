/**
 * The top bar's field is a plain one until the autocomplete's code has come (after the first
 * screen, or on hover or focus): the autocomplete then takes its place with the text typed so
 * far, the focus and the caret, and its suggestions work.
 */
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { SearchBox } from './SearchBox.tsx';

const api = fakeApi();

afterEach(cleanup);

function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={createTheme()}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/works']}>
          <SearchBox />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe('search box', () => {
  it('hands the text, the focus and the caret from the plain field to the autocomplete', async () => {
    api.answer = (req) => ({
      body: req.url.startsWith('/api/tags/') ? [{ id: 1, name: 'binaural', count: 3 }] : [],
    });
    open();
    const plain = screen.getByTestId('search-input');
    expect(plain).not.toHaveAttribute('role', 'combobox');
    plain.focus();
    fireEvent.change(plain, { target: { value: 'bin' } });
    (plain as HTMLInputElement).setSelectionRange(1, 2);

    await waitFor(() => expect(screen.getByTestId('search-input')).toHaveAttribute('role', 'combobox'));
    const field = screen.getByTestId('search-input') as HTMLInputElement;
    expect(field).not.toBe(plain);
    expect(field.value).toBe('bin');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([1, 2]);
    // What was typed before shows its suggestions at once (the namespaces here: names come later).
    expect(await screen.findByRole('listbox')).toBeInTheDocument();

    // The suggestions come from the names the focus asked for.
    fireEvent.change(field, { target: { value: 'bina' } });
    expect(await screen.findByRole('option', { name: /binaural/ })).toBeInTheDocument();
  });
});
