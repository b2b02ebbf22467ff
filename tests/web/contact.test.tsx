import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../src/api/http.ts';
import ContactPage from '../../src/screens/contact/ContactPage.tsx';
import { renderWithApp } from '../support/render.tsx';

const original = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = original;
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('contact form', () => {
  it('shows the rules of each field by the field, in the chosen language', async () => {
    await renderWithApp(<ContactPage />, { lng: 'hi' });
    fireEvent.click(screen.getByRole('button', { name: 'संदेश भेजें' }));
    expect(await screen.findByText('विषय आवश्यक है')).toBeInTheDocument();
    expect(screen.getByLabelText('विषय')).toHaveAttribute('aria-invalid', 'true');
  });

  it('strips non-digits from the phone and keeps 10 digits', async () => {
    await renderWithApp(<ContactPage />);
    fill('Mobile number', '+91 98765-43210 99');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');
  });

  it('sends a valid message, thanks the user and clears the form', async () => {
    let sent: unknown;
    http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      sent = JSON.parse(config.data as string);
      return { status: 201, statusText: 'Created', data: { data: { id: 'abc' }, message: 'ok' }, headers: {}, config } as AxiosResponse;
    };
    await renderWithApp(<ContactPage />);
    fill('Subject', 'Prize delivery');
    fill('E-mail', 'asha@yahoo.co.in');
    fill('Mobile number', '9123456780');
    fill('Message', 'When will my prize arrive?');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('dialog', { name: 'Message sent' })).toBeInTheDocument();
    expect(sent).toEqual({ subject: 'Prize delivery', email: 'asha@yahoo.co.in', phone: '9123456780', message: 'When will my prize arrive?' });
    await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue(''));
  });

  it('keeps what was typed and shows the server field errors when the server refuses', async () => {
    http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      const response = { status: 400, statusText: 'Bad Request', data: { message: 'Enter a valid Indian mobile number', code: 'VALIDATION_FAILED', fields: { phone: 'Enter a valid Indian mobile number' } }, headers: {}, config } as AxiosResponse;
      throw new AxiosError('Request failed with status code 400', 'ERR_BAD_REQUEST', config, null, response);
    };
    await renderWithApp(<ContactPage />);
    fill('Subject', 'Hello');
    fill('E-mail', 'asha@gmail.com');
    fill('Mobile number', '9123456780');
    fill('Message', 'Hello there');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('dialog', { name: 'Message not sent' })).toHaveTextContent('Enter a valid Indian mobile number');
    expect(screen.getByLabelText('Subject')).toHaveValue('Hello');
    expect(screen.getAllByText('Enter a valid Indian mobile number').length).toBeGreaterThan(0);
  });
});
