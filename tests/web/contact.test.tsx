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

  it('makes the first letter of the message a capital as the user types', async () => {
    await renderWithApp(<ContactPage />);
    fill('Message', 'when will my prize arrive?');
    expect(screen.getByLabelText('Message')).toHaveValue('When will my prize arrive?');
  });

  it('leaves a word a phone keyboard is still composing alone and capitalises it when the word ends', async () => {
    await renderWithApp(<ContactPage />);
    const box = screen.getByLabelText('Message');
    fireEvent.compositionStart(box);
    fireEvent.input(box, { target: { value: 'when' }, isComposing: true });
    expect(box).toHaveValue('when');
    fireEvent.compositionEnd(box);
    expect(box).toHaveValue('When');
  });

  it('counts down the characters left once the message is within 50 of the 500 limit', async () => {
    await renderWithApp(<ContactPage />);
    fill('Message', `A${'a'.repeat(448)}`);
    expect(screen.queryByText(/characters? left/)).not.toBeInTheDocument();
    fill('Message', `A${'a'.repeat(449)}`);
    expect(screen.getByText('50 characters left')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(/50 characters left/);
    fill('Message', `A${'a'.repeat(498)}`);
    expect(screen.getByText('1 character left')).toBeInTheDocument();
  });

  it('counts down in Hindi', async () => {
    await renderWithApp(<ContactPage />, { lng: 'hi' });
    fill('संदेश', `A${'a'.repeat(479)}`);
    expect(screen.getByText('20 अक्षर बाकी')).toBeInTheDocument();
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
      return {
        status: 201,
        statusText: 'Created',
        data: { data: { id: 'abc' }, message: 'ok' },
        headers: {},
        config,
      } as AxiosResponse;
    };
    await renderWithApp(<ContactPage />);
    fill('Subject', 'Prize delivery');
    fill('E-mail', 'asha@yahoo.co.in');
    fill('Mobile number', '9123456780');
    fill('Message', 'When will my prize arrive?');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('dialog', { name: 'Message sent' })).toBeInTheDocument();
    expect(sent).toEqual({
      subject: 'Prize delivery',
      email: 'asha@yahoo.co.in',
      phone: '9123456780',
      message: 'When will my prize arrive?',
    });
    await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue(''));
  });

  it('keeps what was typed and shows the server field errors when the server refuses', async () => {
    http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      const response = {
        status: 400,
        statusText: 'Bad Request',
        data: {
          message: 'Enter a valid Indian mobile number',
          code: 'VALIDATION_FAILED',
          fields: { phone: 'Enter a valid Indian mobile number' },
        },
        headers: {},
        config,
      } as AxiosResponse;
      throw new AxiosError('Request failed with status code 400', 'ERR_BAD_REQUEST', config, null, response);
    };
    await renderWithApp(<ContactPage />);
    fill('Subject', 'Hello');
    fill('E-mail', 'asha@gmail.com');
    fill('Mobile number', '9123456780');
    fill('Message', 'Hello there');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('dialog', { name: 'Message not sent' })).toHaveTextContent(
      'Enter a valid Indian mobile number',
    );
    expect(screen.getByLabelText('Subject')).toHaveValue('Hello');
    expect(screen.getAllByText('Enter a valid Indian mobile number').length).toBeGreaterThan(0);
  });
});
