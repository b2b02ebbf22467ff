import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessageOf, fieldErrorsOf } from '../../api/http.ts';
import { showFieldErrors } from '../../ui/form/server-field-errors.ts';

/**
 * An account form as the login, sign-up, reset and new-password screens run it: checked by its
 * shared schema as the player leaves each field, sent by `send`; a refusal puts its field messages
 * by the fields the form has (`empty`: its empty values) and its message in `failure`, for the
 * screen's dialog (the server's words, translated by code, else `failedFallback`).
 */
export function useAuthForm<Values extends FieldValues>({
  schema,
  empty,
  failedFallback,
  send,
}: {
  schema: z.ZodType<Values, Values>;
  empty: Values;
  failedFallback: string;
  send: (values: Values) => Promise<void>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: empty as DefaultValues<Values>,
    mode: 'onTouched',
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send(values);
    } catch (error) {
      showFieldErrors(fieldErrorsOf(error), empty, form.setError);
      setFailure(errorMessageOf(error, failedFallback));
    }
  });
  return {
    register: form.register,
    errors: form.formState.errors,
    isSubmitting: form.formState.isSubmitting,
    onSubmit,
    failure,
    clearFailure: () => setFailure(null),
  };
}
