import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GamePicture } from '../../domain/practice.ts';
import { ticketNumber, type TicketPoint } from '../../domain/tickets.ts';
import { chooseVariant } from '../stage/view.ts';
import { TICKET_CROP_SIZE, TICKET_CROP_SPAN, ticketCropBox } from './ticket-crop.ts';
import './ticket-crop.css';

interface TicketCropProps {
  picture: GamePicture;
  point: TicketPoint;
  /** The ticket's number, as on the play screen (domain/tickets.ts ticketNumber). */
  n: number;
  /** The square's side, CSS pixels. */
  size?: number;
}

/**
 * One ticket as a small square of the contest picture around its mark, with a crosshair on the
 * mark and its number. The picture is the display variant the play screen's stage chose for this
 * screen (view.ts chooseVariant), so the browser has it already: no canvas, no other download.
 */
export function TicketCrop({ picture, point, n, size = TICKET_CROP_SIZE }: TicketCropProps) {
  const { t } = useTranslation();
  const variant = useMemo(() => chooseVariant(picture, window.innerWidth, window.devicePixelRatio || 1), [picture]);
  const box = ticketCropBox({ point, picture, box: size, span: TICKET_CROP_SPAN });
  return (
    <span className="ticket-crop" style={{ width: size, height: size }} data-testid="ticket-crop">
      <img
        className="ticket-crop__image"
        src={variant.url}
        alt={t('ticketCrop.alt', { n, x: point.x, y: point.y })}
        style={{
          width: box.imageWidth,
          height: box.imageHeight,
          transform: `translate(${box.offsetX}px, ${box.offsetY}px)`,
        }}
        decoding="async"
      />
      <span className="ticket-crop__mark" style={{ left: box.markX, top: box.markY }} aria-hidden="true" />
      <span className="ticket-crop__number" aria-hidden="true">
        {n}
      </span>
    </span>
  );
}

interface TicketCropListProps {
  tickets: ReadonlyArray<TicketPoint>;
  /** Unknown (a contest the site no longer shows): the tickets are listed in words instead. */
  picture: GamePicture | undefined;
  /** A ticket in words, for the list without a picture. */
  describe(n: number, ticket: TicketPoint): string;
}

/** Tickets in the order they were marked, as crops of the picture side by side, numbered as on the play screen. */
export function TicketCropList({ tickets, picture, describe }: TicketCropListProps) {
  return (
    <ul className={picture ? 'ticket-crops' : undefined}>
      {tickets.map((ticket, index) => (
        // Two tickets of one contest never share a pixel.
        <li key={`${ticket.x},${ticket.y}`}>
          {picture ? (
            <TicketCrop picture={picture} point={ticket} n={ticketNumber(index)} />
          ) : (
            describe(ticketNumber(index), ticket)
          )}
        </li>
      ))}
    </ul>
  );
}
