import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../shared/api/queryKeys.ts';
import { i18n } from '../../shared/i18n/index.ts';
import { TermChips } from './TermChips.tsx';

/** The tag list as GET /api/tags/ answers it, already in the query cache. */
function withTags(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.entities('tags'), [
    {
      id: 494,
      name: '囁き',
      count: 3,
      i18n: { 'en-us': { name: 'whispering' }, 'ja-jp': { name: '囁き' }, 'zh-cn': { name: '耳语' } },
    },
  ]);
  return <QueryClientProvider client={client}>{node}</QueryClientProvider>;
}

describe('term chips', () => {
  afterEach(() => act(() => void i18n.changeLanguage('en')));

  it('renders one chip per term and removes the clicked one', () => {
    const onRemove = vi.fn();
    render(withTags(<TermChips keyword={'$tag:ASMR$ $-va:Someone$ rain'} onRemove={onRemove} />));
    expect(screen.getByText('tag: ASMR')).toBeInTheDocument();
    expect(screen.getByText('-va: Someone')).toBeInTheDocument();
    expect(screen.getByText('rain')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Remove -va: Someone'));
    expect(onRemove).toHaveBeenCalledWith(1);
  });

  it('names a known tag in the interface language', () => {
    render(withTags(<TermChips keyword={'$tag:囁き$ $-tagw:囁き$'} onRemove={() => {}} />));
    expect(screen.getByText('tag: whispering')).toBeInTheDocument();
    expect(screen.getByText('-tagw: whispering')).toBeInTheDocument();
    act(() => void i18n.changeLanguage('zh-CN'));
    expect(screen.getByText('tag: 耳语')).toBeInTheDocument();
  });
});
