import { useTranslation } from 'react-i18next';
import { twoDigits } from './format.ts';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * Days, hours, minutes, seconds (spec section 2), read out as one sentence to screen readers.
 * `compact`: small cells in one row, for a strip above a game's picture.
 */
export function Countdown({
  parts,
  label,
  compact = false,
}: {
  parts: CountdownParts;
  label: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const units = [
    { value: parts.days, unit: t('time.days') },
    { value: parts.hours, unit: t('time.hours') },
    { value: parts.minutes, unit: t('time.minutes') },
    { value: parts.seconds, unit: t('time.seconds') },
  ];
  return (
    <div
      className={compact ? 'countdown countdown--compact' : 'countdown'}
      role="timer"
      aria-label={`${label}: ${units.map((u) => `${u.value} ${u.unit}`).join(', ')}`}
    >
      {units.map((u) => (
        <div className="countdown__cell" key={u.unit} aria-hidden="true">
          <span className="countdown__value">{twoDigits(u.value)}</span>
          <span className="countdown__unit">{u.unit}</span>
        </div>
      ))}
    </div>
  );
}
