import type { DraftTicket, RuleResult, TicketPoint, TicketRuleReason } from '../domain/tickets.ts';

/**
 * The editing of a set of draft tickets, shared by the contest play machine and the trial
 * machine: pure functions from the editing part of a context to its next value. The machines
 * decide WHEN (their guards apply the rules); these say WHAT changes.
 */
export interface DraftEditing {
  draft: DraftTicket[];
  selectedId: string | null;
  lastRejection: TicketRuleReason | null;
}

/** The smallest free id t1, t2, ...: removing and adding again reuses a number instead of growing forever. */
export function freeTicketId(draft: readonly DraftTicket[]): string {
  const used = new Set(draft.map((t) => t.id));
  let n = 1;
  while (used.has(`t${n}`)) n += 1;
  return `t${n}`;
}

export function reasonOf(result: RuleResult): TicketRuleReason | null {
  return result.ok ? null : result.reason;
}

/** A new unmarked ticket, selected. */
export function withTicketAdded(editing: DraftEditing): DraftEditing {
  const id = freeTicketId(editing.draft);
  return { draft: [...editing.draft, { id, point: null }], selectedId: id, lastRejection: null };
}

/** Removing the selected ticket selects the last one left. */
export function withTicketRemoved(editing: DraftEditing, id: string): DraftEditing {
  const draft = editing.draft.filter((t) => t.id !== id);
  const selectedId = editing.selectedId === id ? (draft.at(-1)?.id ?? null) : editing.selectedId;
  return { draft, selectedId, lastRejection: null };
}

export function withTicketSelected(editing: DraftEditing, id: string): DraftEditing {
  return { draft: editing.draft, selectedId: id, lastRejection: null };
}

/** Ticket `id` takes the point (copied, so the event's object is never shared) and is selected. */
export function withTicketMoved(editing: DraftEditing, id: string, point: TicketPoint): DraftEditing {
  return {
    draft: editing.draft.map((t) => (t.id === id ? { ...t, point: { x: point.x, y: point.y } } : t)),
    selectedId: id,
    lastRejection: null,
  };
}

/** The selected ticket takes the point. */
export function withSelectedMarked(editing: DraftEditing, point: TicketPoint): DraftEditing {
  return editing.selectedId === null ? editing : withTicketMoved(editing, editing.selectedId, point);
}

/**
 * The ticket a tap on an empty spot of the picture marks: the selected ticket while it is
 * unmarked, else the first unmarked one ('Add ticket' made it, or the screen started with it);
 * null when every ticket is marked, and the tap makes a new ticket.
 */
export function placementTarget(editing: Pick<DraftEditing, 'draft' | 'selectedId'>): string | null {
  const selected = editing.draft.find((t) => t.id === editing.selectedId);
  if (selected && selected.point === null) return selected.id;
  return editing.draft.find((t) => t.point === null)?.id ?? null;
}

/** A tap on an empty spot: the unmarked ticket waiting for it takes the point, else a new ticket does; either is selected. */
export function withPointPlaced(editing: DraftEditing, point: TicketPoint): DraftEditing {
  const target = placementTarget(editing);
  if (target !== null) return withTicketMoved(editing, target, point);
  const id = freeTicketId(editing.draft);
  return { draft: [...editing.draft, { id, point: { x: point.x, y: point.y } }], selectedId: id, lastRejection: null };
}
