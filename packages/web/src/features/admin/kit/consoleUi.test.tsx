import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dateTime, Pager } from './consoleUi.tsx';

const PAGE_SIZE = 20;

describe('console pager', () => {
  it('is absent while everything fits on one page', () => {
    const { container } = render(<Pager total={PAGE_SIZE} page={1} pageSize={PAGE_SIZE} onPage={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('offers one page per pageSize rows and reports the page picked', () => {
    const onPage = vi.fn();
    const { container } = render(
      <Pager total={PAGE_SIZE * 2 + 1} page={1} pageSize={PAGE_SIZE} onPage={onPage} />,
    );
    const page = (n: number) => container.querySelector(`button[aria-label="Go to page ${n}"]`);
    expect(page(3)).not.toBeNull();
    expect(page(4)).toBeNull();
    fireEvent.click(page(2) as Element);
    expect(onPage).toHaveBeenCalledWith(2);
    // MUI renders slowly under jsdom on a busy machine.
  }, 15_000);
});

describe('console dates', () => {
  it('shows a dash for no time, and a date with the time in the given language', () => {
    expect(dateTime(null, 'en')).toBe('—');
    const ms = Date.UTC(2026, 10, 27, 12, 0);
    expect(dateTime(ms, 'en')).toMatch(/2026/);
    expect(dateTime(ms, 'en')).toMatch(/Nov/);
    expect(dateTime(ms, 'ja')).toMatch(/2026\/11\/2[78]/);
  });
});
