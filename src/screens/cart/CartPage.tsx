import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../domain/brand.ts';
import type { CartAnswer, CurrentContests, FreeCheckoutAnswer, PaidPlay } from '../../../domain/contests.ts';
import { paidEntriesSoon } from '../../../domain/paid-play.ts';
import type { GamePicture } from '../../../domain/practice.ts';
import { ticketNumber } from '../../../domain/tickets.ts';
import { checkoutFree, fetchCart, fetchCurrentContests, removeCartItem } from '../../api/contests.ts';
import { ApiError, errorMessageOf } from '../../api/http.ts';
import { isContestScreenError } from '../game/contest-errors.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { paths } from '../../shared/paths.ts';
import { useLoad } from '../../shared/use-load.ts';
import { BillLines } from '../../ui/BillLines.tsx';
import { CrossIcon } from '../../ui/CrossIcon.tsx';
import { formatRupees } from '../../ui/format.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { TicketCrop, TicketCropList } from '../../ui/TicketCrop.tsx';
import { HeldEntries } from './HeldEntries.tsx';
import '../../styles/contest.css';

type Loaded = { cart: CartAnswer; paidPlay: PaidPlay; pictures: ContestPictures };

/** The pictures of the contests the site shows now, by contest id: a cart's tickets are of these. */
type ContestPictures = ReadonlyMap<string, GamePicture>;

export function contestPictures(contests: CurrentContests): ContestPictures {
  return new Map(
    [contests.current, contests.next].flatMap((contest) =>
      contest?.picture ? [[contest.id, contest.picture] as const] : [],
    ),
  );
}
type Group = CartAnswer['groups'][number];

/** /cart: the tickets per contest with the server's bill, free entry confirmed here, paid ones on to checkout. */
export default function CartPage() {
  const { t, i18n } = useTranslation('contest');
  const lng = currentLanguage(i18n);
  // Once, in the language shown then: a switch of language keeps the cart on screen.
  const {
    state: load,
    retry,
    update,
  } = useLoad<Loaded>(async () => {
    const [cart, contests] = await Promise.all([fetchCart(), fetchCurrentContests(lng)]);
    return { cart, paidPlay: contests.paidPlay, pictures: contestPictures(contests) };
  }, 'cart');
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<(FreeCheckoutAnswer & { contestId: string }) | null>(null);
  const title = t('cart.title');
  useEffect(() => {
    document.title = `${title} | ${BRAND.name}`;
  }, [title]);

  const errorText = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        if (isContestScreenError(error.code)) return t(`errors.${error.code}`);
        // The server's refusal, translated by its code where the site has the words.
        if (error.status !== null) return errorMessageOf(error, t('errors.submitFailed'));
      }
      return t('errors.submitFailed');
    },
    [t],
  );
  const inr = (paise: number) => formatRupees(paise, lng);
  const timeOf = (iso: string) =>
    new Intl.DateTimeFormat(lng === 'hi' ? 'hi-IN' : 'en-IN', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Asia/Kolkata',
    }).format(new Date(iso));

  const remove = async (id: string) => {
    setBusy(id);
    setFailure(null);
    try {
      const cart = await removeCartItem(id);
      update((old) => ({ ...old, cart }));
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  };
  const confirmFree = async (contestId: string) => {
    setBusy(contestId);
    setFailure(null);
    try {
      const answer = await checkoutFree(contestId);
      setConfirmed({ ...answer, contestId });
      const cart = await fetchCart();
      update((old) => ({ ...old, cart }));
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (load.status === 'loading' || load.status === 'idle') body = <Spinner label={t('cart.loading')} />;
  else if (load.status === 'failed')
    body = (
      <div className="card play-message">
        <p role="alert">{t('cart.loadFailed')}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          {t('cart.retry')}
        </button>
      </div>
    );
  else {
    const { cart, paidPlay, pictures } = load.value;
    body = (
      <>
        {confirmed && (
          <div className="cart-success" role="status">
            <p>{t('cart.confirmed')}</p>
            <TicketCropList
              tickets={confirmed.tickets}
              picture={pictures.get(confirmed.contestId)}
              describe={(n, ticket) =>
                `${t('cart.ticket', { n })}: ${t('cart.coordinates', { x: ticket.x, y: ticket.y })}`
              }
            />
          </div>
        )}
        {failure && (
          <p className="contest-notice" role="alert">
            {failure}
          </p>
        )}
        <HeldEntries
          held={cart.held}
          pictures={pictures}
          busy={busy}
          inr={inr}
          timeOf={timeOf}
          onEnterFree={(contestId) => void confirmFree(contestId)}
        />
        {cart.groups.length === 0 && cart.held.length === 0 ? (
          <EmptyState className="card play-message" text={t('cart.empty')} line={t('cart.emptyLine')}>
            <Link to={paths.playScreen} className="button button--accent">
              {t('cart.play')}
            </Link>
          </EmptyState>
        ) : (
          cart.groups.map((group) => (
            <CartGroup
              key={group.contestId}
              group={group}
              items={cart.items.filter((item) => item.contestId === group.contestId)}
              paidPlay={paidPlay}
              picture={pictures.get(group.contestId)}
              busy={busy}
              inr={inr}
              onRemove={(id) => void remove(id)}
              onConfirmFree={() => void confirmFree(group.contestId)}
            />
          ))
        )}
      </>
    );
  }

  return (
    <div className="container cart">
      <h1 className="cart__title">{title}</h1>
      {body}
    </div>
  );
}

interface CartGroupProps {
  group: Group;
  items: CartAnswer['items'];
  paidPlay: PaidPlay;
  /** The contest's picture for the tickets' crops; unknown for a contest the site no longer shows. */
  picture: GamePicture | undefined;
  busy: string | null;
  inr(paise: number): string;
  onRemove(id: string): void;
  onConfirmFree(): void;
}

function CartGroup({ group, items, paidPlay, picture, busy, inr, onRemove, onConfirmFree }: CartGroupProps) {
  const { t } = useTranslation('contest');
  const free = group.ticketPricePaise === 0;
  const open = group.state === 'open';
  const headingId = `cart-group-${group.contestId}`;
  return (
    <section className="card cart-group" aria-labelledby={headingId}>
      <div className="cart-group__head">
        <h2 id={headingId}>{t('cart.contest', { slot: group.slot })}</h2>
        <span className="muted">{t('cart.ticketCount', { count: group.ticketCount })}</span>
      </div>
      <ul className="cart-tickets">
        {items.map((item, index) => (
          <li key={item.id} className={`cart-ticket${picture ? ' cart-ticket--crop' : ''}`}>
            {picture && <TicketCrop picture={picture} point={item} n={ticketNumber(index)} />}
            {/* With a crop, its alt text says which ticket and where; the words repeat it for the eye. */}
            <span className="cart-ticket__name" aria-hidden={picture ? true : undefined}>
              {t('cart.ticket', { n: ticketNumber(index) })}
              <span className="cart-ticket__coords">{t('cart.coordinates', { x: item.x, y: item.y })}</span>
            </span>
            <span>{item.pricePaise === 0 ? t('cart.free') : inr(item.pricePaise)}</span>
            <button
              type="button"
              className="cart-ticket__remove"
              aria-label={t('cart.remove', { n: ticketNumber(index) })}
              disabled={busy !== null}
              onClick={() => onRemove(item.id)}
            >
              <CrossIcon />
            </button>
          </li>
        ))}
      </ul>
      {/* Free entry bills nothing: no bill, no amounts (issue 26). */}
      {!free && (
        <>
          <h3 className="visually-hidden">{t('cart.bill')}</h3>
          <BillLines bill={group.bill} inr={inr} />
        </>
      )}
      {!open && (
        <p className="contest-card__closed" role="status">
          {t('cart.closed')}
        </p>
      )}
      {open && free && (
        <div className="cart-group__actions">
          <button type="button" className="button button--accent" disabled={busy !== null} onClick={onConfirmFree}>
            {busy === group.contestId ? t('cart.confirming') : t('cart.enterFree')}
          </button>
        </div>
      )}
      {open && !free && paidEntriesSoon(group, paidPlay) && (
        <>
          <p className="contest-notice" role="note">
            {t('cart.paidSoon')}
          </p>
          <div className="cart-group__actions">
            <Link to={paths.quickGame} className="button button--accent">
              {t('card.practice')}
            </Link>
          </div>
        </>
      )}
      {open && !free && !paidEntriesSoon(group, paidPlay) && (
        <>
          {!paidPlay.enabled && (
            <p className="contest-notice" id={`${headingId}-suspended`} role="note">
              {paidPlay.message ?? t('errors.PAID_PLAY_SUSPENDED')}
            </p>
          )}
          <div className="cart-group__actions">
            {paidPlay.enabled ? (
              <Link
                to={`${paths.popupCheckout}?contest=${encodeURIComponent(group.contestId)}`}
                className="button button--accent"
              >
                {t('cart.checkout')}
              </Link>
            ) : (
              <button
                type="button"
                className="button button--accent"
                disabled
                aria-describedby={`${headingId}-suspended`}
              >
                {t('cart.checkout')}
              </button>
            )}
            <Link to={paths.playScreen} className="button button--ghost">
              {t('cart.more')}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
