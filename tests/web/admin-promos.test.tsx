import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminPromo } from '../../domain/admin-promos.ts';
import { loginMarker } from '../../src/shared/login-marker.ts';
import { fail, ok, stubApi } from '../support/api-stub.tsx';
import { adminMe, renderConsole } from '../support/render-console.tsx';

const me = adminMe;

const diwali: AdminPromo = {
  code: 'DIWALI25',
  kind: 'percent',
  basisPoints: 2500,
  amountPaise: 0,
  capPaise: 10000,
  // 2026-11-21 00:00 and 2026-11-30 23:59 IST
  validFrom: Date.UTC(2026, 10, 20, 18, 30),
  validUntil: Date.UTC(2026, 10, 30, 18, 29),
  maxUses: 100,
  maxUsesPerUser: 1,
  isActive: true,
  uses: 37,
  createdAt: Date.UTC(2026, 10, 20),
};

describe('Admin > Promo codes', () => {
  beforeEach(() => loginMarker.set());
  afterEach(() => loginMarker.clear());

  it('lists codes with discount, dates in IST and usage, and filters', async () => {
    const calls = stubApi({
      'GET /account/me': me,
      'GET /admin/promos': () =>
        ok({
          promos: [
            diwali,
            {
              ...diwali,
              code: 'FLAT50',
              kind: 'flat',
              basisPoints: 0,
              amountPaise: 5000,
              capPaise: null,
              maxUses: null,
              maxUsesPerUser: null,
              isActive: false,
              uses: 3,
            },
          ],
          nextCursor: null,
        }),
    });
    await renderConsole('/admin/promos');
    const list = await screen.findByRole('list', { name: 'Promo codes' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('25% off, at most ₹100');
    expect(first).toHaveTextContent('Valid 21 Nov 2026, 00:00 – 30 Nov 2026, 23:59 IST');
    expect(first).toHaveTextContent('Used 37 of 100 times · at most 1 per person');
    expect(second).toHaveTextContent('₹50 off');
    expect(second).toHaveTextContent('Used 3 times (no limit)');
    expect(second).toHaveTextContent('Deactivated');
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Deactivated');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByRole('list', { name: 'Promo codes' });
    expect(calls.filter((c) => c.url === '/admin/promos')).toHaveLength(2);
  });

  it('creates a code: the form refuses bad values before sending, then sends IST dates, and shows a taken code under its field', async () => {
    let created = 0;
    const calls = stubApi({
      'GET /account/me': me,
      'POST /admin/promos': () =>
        ++created === 1
          ? fail(409, 'This code already exists', 'PROMO_EXISTS', { code: 'This code already exists' })
          : ok({ promo: { ...diwali, code: 'DIWALI26', uses: 0 } }),
      'GET /admin/promos/DIWALI26': () => ok({ promo: { ...diwali, code: 'DIWALI26', uses: 0 } }),
    });
    await renderConsole('/admin/promos/new');
    await screen.findByRole('heading', { name: 'New promo code' });
    await userEvent.type(screen.getByLabelText('Code'), 'x');
    await userEvent.type(screen.getByLabelText('Discount (%)'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Create the code' }));
    expect(await screen.findByText('The code must be 3 to 20 letters or digits')).toBeInTheDocument();
    expect(
      screen.getByText('A percent discount must be more than 0 and at most 100, with at most 2 decimals'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Give a date and time (IST)')).toHaveLength(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), 'diwali26');
    await userEvent.clear(screen.getByLabelText('Discount (%)'));
    await userEvent.type(screen.getByLabelText('Discount (%)'), '25');
    await userEvent.type(screen.getByLabelText('Largest discount (₹)'), '100');
    await userEvent.type(screen.getByLabelText('Valid from (IST)'), '2026-11-21T00:00');
    await userEvent.type(screen.getByLabelText('Valid until (IST)'), '2026-11-30T23:59');
    await userEvent.type(screen.getByLabelText('Uses in all'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Create the code' }));
    expect(await screen.findByText('This code already exists')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      code: 'DIWALI26',
      kind: 'percent',
      value: 25,
      capRupees: 100,
      validFrom: '2026-11-21T00:00',
      validUntil: '2026-11-30T23:59',
      maxUses: 100,
      maxUsesPerUser: 1,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create the code' }));
    expect(await screen.findByRole('heading', { name: 'DIWALI26' })).toBeInTheDocument();
  });

  it('edits limits (the server refusal shown under its field) and deactivates after a confirm step', async () => {
    let puts = 0;
    const calls = stubApi({
      'GET /account/me': me,
      'GET /admin/promos/DIWALI25': () => ok({ promo: diwali }),
      'PUT /admin/promos/DIWALI25': () =>
        ++puts === 1
          ? fail(409, 'The total limit cannot be below the 37 uses already made', 'PROMO_BELOW_USES', {
              maxUses: 'The total limit cannot be below the 37 uses already made',
            })
          : ok({ promo: { ...diwali, maxUses: 200 } }),
      'POST /admin/promos/DIWALI25/deactivate': () =>
        ok({ promo: { ...diwali, maxUses: 200, isActive: false }, changed: true }),
    });
    await renderConsole('/admin/promos/DIWALI25');
    const form = await screen.findByRole('form', { name: 'Limits and dates' });
    expect(within(form).getByLabelText('Valid from (IST)')).toHaveValue('2026-11-21T00:00');
    expect(within(form).getByLabelText('Largest discount (₹)')).toHaveValue('100');
    await userEvent.clear(within(form).getByLabelText('Uses in all'));
    await userEvent.type(within(form).getByLabelText('Uses in all'), '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the changes' }));
    expect(
      await within(form).findByText('The total limit cannot be below the 37 uses already made'),
    ).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Uses in all'));
    await userEvent.type(within(form).getByLabelText('Uses in all'), '200');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('DIWALI25 is saved.');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({
      maxUses: 200,
      maxUsesPerUser: 1,
      capRupees: 100,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Deactivate the code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate DIWALI25?' });
    expect(calls.some((c) => c.url.endsWith('/deactivate'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate the code' }));
    expect(await screen.findByText('DIWALI25 is deactivated.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactivate the code' })).toBeInTheDocument();
  });

  it("says the server's refusal with its count in Hindi, by its code", async () => {
    stubApi({
      'GET /account/me': me,
      'GET /admin/promos/DIWALI25': () => ok({ promo: diwali }),
      'PUT /admin/promos/DIWALI25': () =>
        fail(
          409,
          'The total limit cannot be below the 37 uses already made',
          'PROMO_BELOW_USES',
          { maxUses: 'The total limit cannot be below the 37 uses already made' },
          { uses: 37 },
        ),
    });
    await renderConsole('/admin/promos/DIWALI25', 'hi');
    const form = await screen.findByRole('form', { name: 'सीमाएँ और तारीखें' });
    await userEvent.clear(within(form).getByLabelText('कुल इस्तेमाल'));
    await userEvent.type(within(form).getByLabelText('कुल इस्तेमाल'), '10');
    await userEvent.click(within(form).getByRole('button', { name: 'बदलाव सहेजें' }));
    expect(await within(form).findByText('कुल सीमा पहले हो चुके 37 इस्तेमाल से कम नहीं हो सकती')).toBeInTheDocument();
  });

  it('reads in Hindi, with the rules in Hindi', async () => {
    stubApi({ 'GET /account/me': me });
    await renderConsole('/admin/promos/new', 'hi');
    await userEvent.click(await screen.findByRole('button', { name: 'कोड बनाएँ' }));
    expect(await screen.findByText('कोड 3 से 20 अक्षरों या अंकों का होना चाहिए')).toBeInTheDocument();
  });
});
