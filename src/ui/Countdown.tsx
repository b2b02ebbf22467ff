import { useTranslation } from 'react-i18next';
import { twoDigits } from './format.ts';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * Days, hours, minutes, seconds (spec section 2), read out as one sentence to screen readers, each
 * count with its own plural ("1 Second", "1 घंटा").
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
    { value: parts.days, unit: t('time.days'), spoken: t('time.spoken.days', { count: parts.days }) },
    { value: parts.hours, unit: t('time.hours'), spoken: t('time.spoken.hours', { count: parts.hours }) },
    { value: parts.minutes, unit: t('time.minutes'), spoken: t('time.spoken.minutes', { count: parts.minutes }) },
    { value: parts.seconds, unit: t('time.seconds'), spoken: t('time.spoken.seconds', { count: parts.seconds }) },
  ];
  return (
    <div
      className={compact ? 'countdown countdown--compact' : 'countdown'}
      role="timer"
      aria-label={`${label}: ${units.map((u) => u.spoken).join(', ')}`}
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
