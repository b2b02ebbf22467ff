import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { contestMessageKey } from '../../../../domain/admin-contests.ts';

/**
 * The Contests area's rule and refusal messages (English from the shared schemas and the server)
 * in the reader's language; any other text is shown as it came.
 */
export function useContestMessage(): (text: string | undefined) => string | undefined {
  const { t } = useTranslation('admin');
  return useCallback(
    (text) => {
      if (text === undefined) return undefined;
      const key = contestMessageKey(text);
      if (!key) return text;
      return t(`contests.${key}` as 'contests.fields.pickDate');
    },
    [t],
  );
}
