import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DraftTicket, TRIAL_MAX_TICKETS, ticketNumber, type TicketRuleReason } from '../../../domain/tickets.ts';
import type { StageLabels } from '../../stage/PictureStage.tsx';
import type { TicketBarTexts, TicketMark } from '../../ui/TicketBar.tsx';

/** The namespaces of the two marking screens: each holds the same stage, game and reason keys. */
export type GameNamespace = 'contest' | 'trial';

/** A rule's refusal in the screen's words ('Duplicate Coordinates', 'Only 3 tickets left', ...). */
export function useReasonText(ns: GameNamespace): (reason: TicketRuleReason) => string {
  const { t } = useTranslation(ns as 'trial');
  return useMemo(
    () => (reason: TicketRuleReason) =>
      t(`reasons.${reason.code}`, reason.code === 'onlyNAvailable' ? { count: reason.available } : {}),
    [t],
  );
}

/** The plain sentence under a refusal's spec text: what happened and what to do ('You have already played this exact spot...'). */
export function useReasonHelp(ns: GameNamespace): (reason: TicketRuleReason) => string {
  const { t } = useTranslation(ns as 'trial');
  return useMemo(() => (reason: TicketRuleReason) => t(`reasonHelp.${reason.code}`, { max: TRIAL_MAX_TICKETS }), [t]);
}

/** The stage's labels; the practice reveal adds its own words for distances. */
export function useStageLabels(ns: GameNamespace, revealDistance?: StageLabels['revealDistance']): StageLabels {
  const { t } = useTranslation(ns as 'trial');
  return useMemo(
    () => ({
      zoomIn: t('stage.zoomIn'),
      zoomOut: t('stage.zoomOut'),
      resetZoom: t('stage.resetZoom'),
      stage: t('stage.label'),
      loading: t('stage.loading'),
      coordinates: (x: number, y: number) => t('stage.coordinates', { x, y }),
      selected: (label: string, x: number | null, y: number | null) =>
        x === null || y === null ? t('stage.selectedEmpty', { label }) : t('stage.selected', { label, x, y }),
      ...(revealDistance ? { revealDistance } : {}),
      zoomHint: t('stage.zoomHint'),
      remove: (label: string) => t('game.remove', { n: label }),
    }),
    [t, revealDistance],
  );
}

/** Every text of the ticket bar; only the failed-submit line differs between the screens. */
export function useTicketBarTexts(ns: GameNamespace, submitFailed: string | null): TicketBarTexts {
  const { t } = useTranslation(ns as 'trial');
  const reason = useReasonText(ns);
  const explain = useReasonHelp(ns);
  return useMemo(
    (): TicketBarTexts => ({
      tickets: t('game.tickets'),
      submitFailed: submitFailed ?? t('errors.submitFailed'),
      retry: t('game.retry'),
      back: t('game.back'),
      dismiss: t('game.dismiss'),
      ready: t('game.ready'),
      tapToPlace: t('game.tapToPlace'),
      add: t('game.add'),
      reset: t('game.reset'),
      resetTitle: t('game.resetTitle'),
      resetText: t('game.resetText'),
      resetConfirm: t('game.resetConfirm'),
      resetCancel: t('game.resetCancel'),
      submit: t('game.submit'),
      submitting: t('game.submitting'),
      ticketState: (n, x, y) => t('game.ticketState', { n, x, y }),
      ticketEmpty: (n) => t('game.ticketEmpty', { n }),
      remove: (n) => t('game.remove', { n }),
      reason,
      explain,
    }),
    [t, submitFailed, reason, explain],
  );
}

/** The draft as numbered marks: ticket 1, 2, ... in draft order. */
export function useDraftMarks(draft: readonly DraftTicket[]): TicketMark[] {
  return useMemo(
    () => draft.map((ticket, index) => ({ id: ticket.id, label: String(ticketNumber(index)), point: ticket.point })),
    [draft],
  );
}
