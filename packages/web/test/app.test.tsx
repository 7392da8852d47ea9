import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { App } from '../src/app/App.tsx';

it('renders the product name', () => {
  render(<App />);
  expect(screen.getByText('Sasayaki')).toBeInTheDocument();
});
