/** The mark: a cricket ball inside a target's crosshair. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="none" stroke="currentColor" strokeWidth="2" opacity="0.5" />
      <circle cx="16" cy="16" r="9" fill="var(--color-ball)" />
      <path
        d="M10.5 11.5c2.5 2.8 2.5 6.2 0 9M21.5 11.5c-2.5 2.8-2.5 6.2 0 9"
        fill="none"
        stroke="#fff"
        strokeWidth="1.2"
        strokeDasharray="1.5 1.5"
      />
      <path d="M16 0v5M16 27v5M0 16h5M27 16h5" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
