import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ContestView, CurrentContests, PaidPlay } from '../../../domain/contests.ts';
import { isPaidPlaySuspended, paidEntriesSoon } from '../../../domain/paid-play.ts';
import { CARD_PICTURE } from '../../../domain/site-paths.ts';
import { countdown } from '../../../domain/schedule.ts';
import { contestPhase } from '../../api/current-contests.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { loginMarker } from '../../shared/login-marker.ts';
import { paths } from '../../shared/paths.ts';
import { Countdown } from '../../ui/Countdown.tsx';
import { formatCount, formatIstDateTime, formatRupees, asSentence } from '../../ui/format.ts';
import { useNow } from '../../ui/use-now.ts';
import { SponsorLine } from '../../ui/SponsorLine.tsx';
import '../../styles/contest.css';
import type { ContestsLoad } from '../../shared/use-current-contests.ts';

/**
 * The home page's card of the current contest (GET /contests/current, loaded by the page):
 * picture, prize, price, limits, the one countdown of the page, next show.
 */
export function ContestCard({ load, retry }: { load: ContestsLoad; retry: () => void }) {
  const { t, i18n } = useTranslation('contest');
  const lng = currentLanguage(i18n);

  if (load.status === 'error') {
    return (
      <section className="card contest-card" aria-labelledby="contest-card-title">
        <h2 id="contest-card-title" className="contest-card__title">
          {t('card.title')}
        </h2>
        <p role="alert">{t('card.loadFailed')}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          {t('card.retry')}
        </button>
      </section>
    );
  }
  // Loading, then ready, in one element with the picture at the same place and address: the
  // browser keeps the <img> it painted from the first paint (the pre-rendered home page) instead
  // of painting a new largest element once the contest has loaded. The address is the current
  // contest's picture (a redirect, never cached, to its small variant, cached for good), which
  // the server also preloads with the page.
  const ready = load.status === 'ready' ? load.data : null;
  const current = ready?.current ?? null;
  const small = current?.picture?.variants.find((v) => v.name === 'small') ?? current?.picture?.variants[0];
  return (
    <section
      className={ready ? 'card contest-card' : 'card contest-card contest-card--skeleton'}
      aria-busy={ready ? undefined : true}
      aria-label={ready ? undefined : t('card.loading')}
      aria-labelledby={ready ? 'contest-card-title' : undefined}
    >
      {ready ? (
        <h2 id="contest-card-title" className="contest-card__title">
          {current ? `${t('card.title')} · ${t('card.contest', { slot: current.slot })}` : t('card.title')}
        </h2>
      ) : (
        // The title's room as the language sets it (one line, or two in Hindi on a phone): the same
        // words in the title's type, not shown; the contest's slot is not known yet.
        <p className="contest-card__title skeleton skeleton--text" aria-hidden="true">
          {`${t('card.title')} · ${t('card.contest', { slot: 'A' })}`}
        </p>
      )}
      {/* With a contest to play, the note goes under its Play button (Play stays above the fold). */}
      {ready?.cancelled && !current && <CancelledNote cancelled={ready.cancelled} />}
      {!ready && (
        // The notice's room while the card loads, kept only where the page came with paid play
        // suspended (PAID_PLAY_ATTRIBUTE on <html>, written by the server as it sent the page): the
        // notice coming with the answer then moves nothing under it (contest.css).
        <SuspendedNotice awaited />
      )}
      {ready && isPaidPlaySuspended(ready.paidPlay) && <SuspendedNotice />}
      {(!ready || small) && (
        <img
          className="contest-card__picture"
          src={CARD_PICTURE.src}
          srcSet={CARD_PICTURE.srcSet}
          sizes={CARD_PICTURE.sizes}
          width={1280}
          height={800}
          fetchPriority="high"
          alt={small ? t('card.pictureAlt') : ''}
        />
      )}
      {!ready ? (
        // The card's frame, part for part at an open contest's usual heights (contest.css), so
        // nothing below it moves when it fills: on a returning player's phone the practice and the
        // prize start at the fold's edge under it.
        <>
          <div className="skeleton contest-card__phase-frame" />
          <div className="skeleton contest-card__countdown-frame" />
          <div className="skeleton contest-card__button-frame" />
          <div className="skeleton contest-card__facts-frame" />
          <div className="skeleton contest-card__limits-frame" />
          <div className="skeleton contest-card__show-frame" />
        </>
      ) : current ? (
        <ContestDetails contest={current} paidPlay={ready.paidPlay} cancelled={ready.cancelled} lng={lng} />
      ) : (
        <p>{t('card.none')}</p>
      )}
      {ready?.awaitingShow && <AwaitingShowNote awaiting={ready.awaitingShow} lng={lng} />}
    </section>
  );
}

/** Why every contest is free: paid play is suspended (`awaited`: its room while the card loads, contest.css). */
function SuspendedNotice({ awaited = false }: { awaited?: boolean }) {
  const { t } = useTranslation('contest');
  return (
    <p className={awaited ? 'contest-notice contest-notice--awaited' : 'contest-notice'} role="note">
      <strong>{t('card.notice')}:</strong> {t('card.suspended')}
    </p>
  );
}

function ContestDetails({
  contest,
  paidPlay,
  cancelled,
  lng,
}: {
  contest: ContestView;
  paidPlay: PaidPlay;
  cancelled: CurrentContests['cancelled'];
  lng: string;
}) {
  const { t, i18n } = useTranslation('contest');
  const navigate = useNavigate();
  const now = useNow(1000);
  const phase = contestPhase(contest, now);
  const play = () => {
    if (loginMarker.isSet()) void navigate(paths.playScreen);
    else
      void navigate(paths.login, {
        state: { from: paths.playScreen, notice: i18n.t('errors.UNAUTHENTICATED', { ns: 'contest' }) },
      });
  };
  const label = phase === 'open' ? t('card.closesIn') : t('card.opensIn');
  const soon = paidEntriesSoon(contest, paidPlay);
  // Every ticket taken: no Play for a newcomer (a player holding tickets still sees theirs).
  const full = phase === 'open' && contest.state !== 'cancelled' && contest.ticketsLeft === 0;
  const offerPlay = phase !== 'closed' && !soon && !(full && contest.myTickets === 0);
  return (
    <>
      {/* Where the contest stands and Play first, under the picture: above the fold of a phone (issue 25). */}
      {contest.state === 'cancelled' ? (
        <div className="contest-card__cancelled" role="status">
          <p>
            <strong>{t('card.cancelled')}</strong>
          </p>
          {contest.cancelReason && <p>{t('card.cancelReason', { reason: contest.cancelReason })}</p>}
          <p>{t('card.cancelledText')}</p>
        </div>
      ) : phase === 'closed' ? (
        <p className="contest-card__closed" role="status">
          {t('card.closed')}
        </p>
      ) : (
        <>
          <p className="contest-card__phase">
            <span className={`contest-badge contest-badge--${full ? 'full' : phase}`}>
              {full ? t('card.full') : phase === 'open' ? t('card.open') : t('card.upcoming')}
            </span>{' '}
            {label}
          </p>
          <Countdown
            parts={countdown(now, new Date(phase === 'open' ? contest.closesAt : contest.opensAt))}
            label={label}
          />
        </>
      )}
      {offerPlay && (
        <button type="button" className="button button--accent contest-card__play" onClick={play}>
          {t('card.play')}
        </button>
      )}
      {full && contest.myTickets === 0 && <PracticeInstead why={t('reasonHelp.noTicketsAvailable')} />}
      {cancelled && <CancelledNote cancelled={cancelled} />}
      <dl className="contest-card__facts">
        <div>
          <dt>{t('card.prize')}</dt>
          <dd>
            {contest.prize.pictureUrl && (
              <img
                className="contest-card__prize-photo"
                src={contest.prize.pictureUrl}
                width={96}
                height={72}
                loading="lazy"
                decoding="async"
                alt={t('card.prizePictureAlt', { title: contest.prize.title })}
              />
            )}
            <strong>{contest.prize.title}</strong>
            <span className="contest-card__sub">
              {t(`card.prizeKind.${contest.prize.kind}`)}
              {contest.prize.valuePaise > 0 &&
                ` · ${t('card.prizeValue', { value: formatRupees(contest.prize.valuePaise, lng) })}`}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('card.price')}</dt>
          {/* The all-in price per ticket (issue 25); no price at all for free entry (issue 26). */}
          <dd data-testid="contest-card-price">
            {contest.ticketPricePaise === 0 ? (
              <>
                <strong>{t('card.free')}</strong>
                <span className="contest-card__sub">{t('card.freeNote')}</span>
              </>
            ) : soon ? (
              t('card.paidSoon')
            ) : (
              <>
                <strong>{formatRupees(contest.allInPricePaise, lng)}</strong>
                <span className="contest-card__sub">{t('card.allIn')}</span>
              </>
            )}
          </dd>
        </div>
      </dl>
      <SponsorLine sponsor={contest.sponsor} className="contest-card__sponsor" />
      {contest.state !== 'cancelled' ? (
        <ul className="contest-card__limits">
          <li>{t('card.maxTickets', { n: contest.maxTickets })}</li>
          <li>{t('card.ticketsLeft', { n: formatCount(contest.ticketsLeft) })}</li>
          {contest.myTickets > 0 && <li>{t('card.myTickets', { n: formatCount(contest.myTickets) })}</li>}
        </ul>
      ) : (
        contest.myTickets > 0 && (
          <ul className="contest-card__limits">
            <li>{t('card.myTickets', { n: formatCount(contest.myTickets) })}</li>
          </ul>
        )
      )}
      {contest.state !== 'cancelled' && (
        <p className="contest-card__show">
          {t('card.nextShow', { when: formatIstDateTime(new Date(contest.showAt), lng) })}
        </p>
      )}
      {phase !== 'closed' && contest.state !== 'cancelled' && soon && <PracticeInstead why={t('card.paidSoonText')} />}
    </>
  );
}

/** Why the contest cannot be entered now, and the free practice in place of Play. */
function PracticeInstead({ why }: { why: string }) {
  const { t } = useTranslation('contest');
  return (
    <>
      <p className="contest-notice" role="note">
        {why}
      </p>
      <Link to={paths.quickGame} className="button button--accent contest-card__play">
        {t('card.practice')}
      </Link>
    </>
  );
}

/**
 * A contest closed and waiting for its live winner show, while the card shows the next one: when
 * its winner is revealed, and the player's tickets in it.
 */
function AwaitingShowNote({ awaiting, lng }: { awaiting: NonNullable<CurrentContests['awaitingShow']>; lng: string }) {
  const { t } = useTranslation('contest');
  return (
    <div className="contest-card__awaiting" role="note">
      <p>
        <strong>{t('card.awaitingTitle', { slot: awaiting.slot })}</strong>{' '}
        {t('card.awaitingShow', { when: formatIstDateTime(new Date(awaiting.showAt), lng) })}
        {awaiting.myTickets > 0 && <> {t('card.awaitingMine', { count: awaiting.myTickets })}</>}
      </p>
      <Link to={paths.liveWeeklyWinner}>{t('card.awaitingLink')}</Link>
    </div>
  );
}

/**
 * Issue 26: a contest cancelled in the last day, whose window now shows its replacement or the
 * next contest: one line that says so (players with tickets were told by SMS and e-mail).
 */
function CancelledNote({ cancelled }: { cancelled: NonNullable<CurrentContests['cancelled']> }) {
  const { t, i18n } = useTranslation('contest');
  const lng = currentLanguage(i18n);
  return (
    <p className="contest-notice" role="note">
      {cancelled.reason
        ? t('card.cancelledNote', { slot: cancelled.slot, reason: asSentence(cancelled.reason, lng) })
        : t('card.cancelledNoteNoReason', { slot: cancelled.slot })}
    </p>
  );
}
