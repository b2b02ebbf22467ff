import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Countdown, type CountdownParts } from '../../src/ui/Countdown.tsx';
import { renderWithApp } from '../support/render.tsx';

const parts = (days: number, hours: number, minutes: number, seconds: number): CountdownParts => ({
  days,
  hours,
  minutes,
  seconds,
});

describe('the countdown read out to screen readers', () => {
  it.each([
    [parts(0, 4, 14, 1), 'Closes in: 0 Days, 4 Hours, 14 Minutes, 1 Second'],
    [parts(1, 1, 1, 1), 'Closes in: 1 Day, 1 Hour, 1 Minute, 1 Second'],
    [parts(2, 0, 0, 0), 'Closes in: 2 Days, 0 Hours, 0 Minutes, 0 Seconds'],
  ])('in English, says each count with its own plural', async (value, name) => {
    await renderWithApp(<Countdown parts={value} label="Closes in" />);
    expect(screen.getByRole('timer')).toHaveAccessibleName(name);
  });

  it.each([
    [parts(1, 1, 1, 1), 'बंद होने में: 1 दिन, 1 घंटा, 1 मिनट, 1 सेकंड'],
    [parts(0, 0, 14, 2), 'बंद होने में: 0 दिन, 0 घंटे, 14 मिनट, 2 सेकंड'],
    [parts(3, 5, 0, 0), 'बंद होने में: 3 दिन, 5 घंटे, 0 मिनट, 0 सेकंड'],
  ])('in Hindi, says each count with its own plural', async (value, name) => {
    await renderWithApp(<Countdown parts={value} label="बंद होने में" />, { lng: 'hi' });
    expect(screen.getByRole('timer')).toHaveAccessibleName(name);
  });

  it('keeps the cells’ unit labels as they were', async () => {
    await renderWithApp(<Countdown parts={parts(1, 1, 1, 1)} label="Closes in" compact />);
    expect(screen.getByRole('timer').textContent).toBe('01Days01Hours01Minutes01Seconds');
  });
});
