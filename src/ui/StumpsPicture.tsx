/**
 * A small drawing for the empty and not-found pages: three stumps with their bails and a ball
 * beside them, or, for a page that is not there, the stumps bowled with the bails flying. Colours
 * come from the design tokens; the words beside it carry the meaning, so it is hidden from
 * screen readers.
 */
export function StumpsPicture({ bowled = false }: { bowled?: boolean }) {
  return (
    <svg className="stumps-picture" width="120" height="80" viewBox="0 0 120 80" aria-hidden="true" focusable="false">
      <path d="M6 75h108" stroke="var(--color-line)" strokeWidth="3" strokeLinecap="round" />
      <g fill="var(--color-gold)">
        <rect x="40" y="27" width="6" height="48" rx="2" />
        <rect x="52" y="27" width="6" height="48" rx="2" transform={bowled ? 'rotate(14 55 75)' : undefined} />
        <rect x="64" y="27" width="6" height="48" rx="2" transform={bowled ? 'rotate(5 67 75)' : undefined} />
        {bowled ? (
          <>
            <rect x="44" y="8" width="14" height="3" rx="1.5" transform="rotate(-30 51 9)" />
            <rect x="68" y="12" width="14" height="3" rx="1.5" transform="rotate(40 75 13)" />
          </>
        ) : (
          <>
            <rect x="40" y="22" width="14" height="3" rx="1.5" />
            <rect x="56" y="22" width="14" height="3" rx="1.5" />
          </>
        )}
      </g>
      {bowled && <path d="M8 52h14M12 60h12" stroke="var(--color-ink-muted)" strokeWidth="2" strokeLinecap="round" />}
      <g transform={bowled ? 'translate(-62 -8)' : undefined}>
        <circle cx="94" cy="67" r="8" fill="var(--color-ball)" />
        <path
          d="M89.5 61.5c2.6 3.5 2.6 7.5 0 11M98.5 61.5c-2.6 3.5-2.6 7.5 0 11"
          fill="none"
          stroke="#fff"
          strokeWidth="1.2"
          strokeDasharray="1.5 1.5"
        />
      </g>
    </svg>
  );
}
