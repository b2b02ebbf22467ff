import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../src/api/http.ts';
import { SupplyStateSection } from '../../src/screens/account/SupplyStateSection.tsx';
import { fail, ok, renderScreen, stubApi } from '../support/api-stub.tsx';

const original = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = original;
});

describe("My Account: the player's state for tax invoices", () => {
  it('shows the state on record, saves a change and says so; the seller’s state explains the split', async () => {
    let stateCode = '27';
    const calls = stubApi({
      'GET /account/supply-state': () => ok({ stateCode, suggested: null, sellerState: '29' }),
      'PUT /account/supply-state': (body) => {
        stateCode = (body as { stateCode: string }).stateCode;
        return ok({ stateCode, suggested: null, sellerState: '29' });
      },
    });
    await renderScreen(<SupplyStateSection />, { path: '/my_account' });
    const section = screen.getByRole('region', { name: 'Your state for tax invoices' });
    const select = await within(section).findByLabelText('State or union territory');
    expect(select).toHaveDisplayValue('Maharashtra');
    expect(section).toHaveTextContent('in Karnataka, where we are registered, GST is shown as CGST + SGST');
    expect(section).toHaveTextContent('invoices already issued keep the state they were made with');
    const save = within(section).getByRole('button', { name: 'Save state' });
    expect(save).toBeDisabled();
    fireEvent.change(select, { target: { value: '29' } });
    fireEvent.click(save);
    expect(await within(section).findByRole('status')).toHaveTextContent('Saved: Karnataka.');
    expect(await within(section).findByLabelText('State or union territory')).toHaveDisplayValue('Karnataka');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ stateCode: '29' }]);
  });

  it('says none is given yet, offers the location check’s state, and says when saving fails, in Hindi', async () => {
    stubApi({
      'GET /account/supply-state': () => ok({ stateCode: null, suggested: '07', sellerState: '29' }),
      'PUT /account/supply-state': () => fail(500, 'down'),
    });
    await renderScreen(<SupplyStateSection />, { path: '/my_account', lng: 'hi' });
    const select = await screen.findByLabelText('राज्य या केंद्र शासित प्रदेश');
    expect(select).toHaveDisplayValue('दिल्ली');
    expect(screen.getByText(/अभी नहीं दिया गया: हम आपकी पहली खरीद पर पूछते हैं।/)).toHaveTextContent(
      'आपकी लोकेशन जाँच में दिल्ली मिला।',
    );
    fireEvent.click(screen.getByRole('button', { name: 'राज्य सहेजें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('आपका राज्य सहेजा नहीं जा सका।');
  });
});
