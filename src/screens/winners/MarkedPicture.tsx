import type { GamePicture } from '../../../domain/practice.ts';
import { RESULT_PICTURE_SIZES, resultPicture } from '../../../domain/site-paths.ts';

export interface PictureMark {
  key: string;
  /** Original-photo pixels (a judged point may be fractional). */
  x: number;
  y: number;
  kind: 'judged' | 'winner' | 'mine';
  /** Read out and shown as a tooltip. */
  title: string;
  label?: string;
}

/**
 * A contest picture with marks drawn over it. The overlay's viewBox is the original photo's pixel
 * space and the box keeps the photo's aspect ratio, so a mark sits exactly on its pixel (at the
 * pixel's centre, as the stage draws it) whatever size variant the browser picked.
 */
export function MarkedPicture({
  picture,
  marks,
  alt,
  sizes = RESULT_PICTURE_SIZES,
  first = false,
}: {
  picture: GamePicture;
  marks: PictureMark[];
  alt: string;
  sizes?: string;
  /**
   * The page's first (largest) picture, which the server preloads (static-site.ts): loaded at
   * once at high priority, so it is the very copy the preload fetched; the others when near.
   */
  first?: boolean;
}) {
  const { width, height } = picture;
  const small = picture.variants.find((v) => v.name === 'small') ?? picture.variants[0];
  // Every card offers the small copy's phone copy (`?w=800`, kept by the server once made): a
  // phone downloads about a third of the bytes.
  const srcSet = resultPicture(picture.variants)?.srcSet;
  // Marks are sized against the picture so they read the same on a phone and a laptop.
  const r = Math.max(width, height) / 45;
  return (
    <figure className="marked-picture" style={{ aspectRatio: `${width} / ${height}` }}>
      {small && (
        <img
          src={small.url}
          srcSet={srcSet}
          sizes={sizes}
          alt={alt}
          width={width}
          height={height}
          loading={first ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={first ? 'high' : undefined}
        />
      )}
      <svg
        className="marked-picture__overlay"
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="presentation"
      >
        {marks.map((mark) => {
          const cx = mark.x + 0.5;
          const cy = mark.y + 0.5;
          return (
            <g key={mark.key} className={`mark mark--${mark.kind}`} data-x={mark.x} data-y={mark.y}>
              <title>{mark.title}</title>
              {mark.kind === 'judged' ? (
                <>
                  <circle cx={cx} cy={cy} r={r} className="mark__ring" />
                  <circle cx={cx} cy={cy} r={r * 0.18} className="mark__dot" />
                </>
              ) : (
                <>
                  <path
                    d={`M${cx - r} ${cy}h${r * 0.6}M${cx + r} ${cy}h${-r * 0.6}M${cx} ${cy - r}v${r * 0.6}M${cx} ${cy + r}v${-r * 0.6}`}
                    className="mark__cross"
                  />
                  {mark.kind === 'winner' && <circle cx={cx} cy={cy} r={r * 0.75} className="mark__ring" />}
                  {mark.label && (
                    <text x={cx + r * 0.7} y={cy - r * 0.7} className="mark__label" fontSize={r * 1.1}>
                      {mark.label}
                    </text>
                  )}
                </>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
