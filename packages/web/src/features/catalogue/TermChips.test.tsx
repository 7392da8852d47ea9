import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TermChips } from './TermChips.tsx';

describe('term chips', () => {
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
