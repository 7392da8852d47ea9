import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../shared/i18n/index.ts';
import { appendTerm, removeTermAt, withGlobalFilter } from '../search/keyword.ts';
import { TermChips, termColor, termLabel } from './TermChips.tsx';

describe('term chips', () => {
  it('labels and colours tags, voice actors and excluded terms', () => {
    expect(termLabel({ type: 'fullSpecial', namespace: 'tag', value: 'ASMR', isExclude: true })).toBe(
      '-tag: ASMR',
    );
    expect(termLabel({ type: 'plain', value: 'rain', isExclude: false })).toBe('rain');
    expect(termColor({ type: 'fullSpecial', namespace: 'tag', value: 'x', isExclude: false })).toBe(
      'secondary',
    );
    expect(termColor({ type: 'fullSpecial', namespace: 'va', value: 'x', isExclude: false })).toBe('info');
    expect(termColor({ type: 'plain', value: 'x', isExclude: false })).toBe('default');
  });

  it('renders one chip per term and removes the clicked one', () => {
    const onRemove = vi.fn();
    render(<TermChips keyword={'$tag:ASMR$ $-va:Someone$ rain'} onRemove={onRemove} />);
    expect(screen.getByText('tag: ASMR')).toBeInTheDocument();
    expect(screen.getByText('-va: Someone')).toBeInTheDocument();
    expect(screen.getByText('rain')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Remove -va: Someone'));
    expect(onRemove).toHaveBeenCalledWith(1);
  });
});

describe('keyword editing (spec §5)', () => {
  it('appends a term on a new line unless present', () => {
    const term = { type: 'fullSpecial' as const, namespace: 'tag', value: 'ASMR', isExclude: false };
    expect(appendTerm('', term)).toBe('$tag:ASMR$');
    expect(appendTerm('rain', term)).toBe('rain\n$tag:ASMR$');
    expect(appendTerm('rain $tag:ASMR$', term)).toBe('rain $tag:ASMR$');
  });

  it('removes one term and keeps the rest as typed', () => {
    expect(removeTermAt('$tag:ASMR$ rain $va:"A B"$', 1)).toBe('$tag:ASMR$ $va:"A B"$');
    expect(removeTermAt('$tag:ASMR$\nrain', 0)).toBe('rain');
    expect(removeTermAt('$tag:ASMR$', 0)).toBe('');
    expect(removeTermAt('rain', 5)).toBe('rain');
  });

  it('ANDs the global filter', () => {
    expect(withGlobalFilter('rain', '$-age:adult$')).toBe('rain\n$-age:adult$');
    expect(withGlobalFilter('', '$-age:adult$')).toBe('$-age:adult$');
    expect(withGlobalFilter(' rain ', '')).toBe('rain');
  });
});
