import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { istDate } from '../../domain/schedule.ts';
import HomePage from '../../src/screens/home/HomePage.tsx';
import { renderWithApp } from '../support/render.tsx';

afterEach(() => vi.useRealTimers());

describe('home page schedule', () => {
  it('shows the open contest, the time to close and the next show in IST', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(istDate(2026, 11, 23, 15, 30, 0)); // Monday 15:30 IST: contest A open
    await renderWithApp(<HomePage />);
    expect(screen.getByRole('heading', { name: 'Contest A is open now' })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: /Entries close in: 2 Days, 8 Hours, 29 Minutes, 59 Seconds/ })).toBeInTheDocument();
    // Monday evening's show is contest B's, still ahead at 15:30.
    expect(screen.getByText(/Next live winner show: Monday, 23 November(,| at) 21:00/)).toBeInTheDocument();
  });

  it("says 'Game Play Closed!' between contests and counts down to the next opening", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(istDate(2026, 11, 26, 9, 0, 0)); // Thursday 09:00 IST: A closed, B opens at 12:00
    await renderWithApp(<HomePage />);
    expect(screen.getByRole('heading', { name: 'Game Play Closed!' })).toBeInTheDocument();
    expect(screen.getByText(/Contest B opens Thursday, 26 November(,| at) 12:00/)).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: /Entries open in: 0 Days, 3 Hours, 0 Minutes, 0 Seconds/ })).toBeInTheDocument();
    expect(screen.getByText(/Next live winner show: Thursday, 26 November(,| at) 21:00/)).toBeInTheDocument();
  });

  it('lists the weekly schedule and the ways in', async () => {
    await renderWithApp(<HomePage />);
    expect(screen.getByText('Contest A')).toBeInTheDocument();
    expect(screen.getByText('Wednesday 23:59')).toBeInTheDocument();
    expect(screen.getByText('Monday 21:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play a free practice game' })).toHaveAttribute('href', '/quick_game');
    expect(screen.getByRole('link', { name: 'Read the rules' })).toHaveAttribute('href', '/rules');
    expect(screen.getByText('Max 75 tickets per person.')).toBeInTheDocument();
  });
});
