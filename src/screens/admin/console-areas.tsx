/**
 * The console's areas: one row each gives the nav entry, the route under /admin and who may open
 * it. The server checks the role again on every call; this table only decides what to show.
 * Add an area by adding a row (and its screen, lazily loaded).
 */
import type { ComponentType } from 'react';
import type adminTexts from '../../../public/locales/en/admin.json';
import type { StaffRole } from '../../../domain/roles.ts';
import { lazyScreen } from '../../shared/lazy-screen.ts';

export interface ConsoleArea {
  /** Under /admin, without the leading slash. */
  path: string;
  /** Its label: admin:nav.<navKey> in the admin namespace. */
  navKey: Exclude<keyof (typeof adminTexts)['nav'], 'label'>;
  role: StaffRole;
  Screen: ComponentType;
}

const AuditLogPage = lazyScreen(() => import('./audit/AuditLogPage.tsx'));
const JudgingPanelPage = lazyScreen(() => import('./judging/JudgingPanelPage.tsx'));
const ResultsPage = lazyScreen(() => import('./results/ResultsPage.tsx'));
const ClaimsPage = lazyScreen(() => import('./claims/ClaimsPage.tsx'));
const ContestsPage = lazyScreen(() => import('./contests/ContestsPage.tsx'));
const ContestDefaultsPage = lazyScreen(() => import('./contest-defaults/ContestDefaultsPage.tsx'));
const PicturesArea = lazyScreen(() => import('./pictures/PicturesArea.tsx'));
const UsersPage = lazyScreen(() => import('./users/UsersPage.tsx'));
const PaidPlayPage = lazyScreen(() => import('./paid-play/PaidPlayPage.tsx'));
const PromosPage = lazyScreen(() => import('./promos/PromosPage.tsx'));
const InboxPage = lazyScreen(() => import('./inbox/InboxPage.tsx'));
const PressAdminPage = lazyScreen(() => import('./press/PressAdminPage.tsx'));
const PaymentsAdminPage = lazyScreen(() => import('./payments/PaymentsAdminPage.tsx'));

// In the order of an operator's week: the contest, its picture, judging, the result, the prize.
export const consoleAreas: ConsoleArea[] = [
  { path: 'contests', navKey: 'contests', role: 'admin', Screen: ContestsPage },
  { path: 'contest-defaults', navKey: 'contestDefaults', role: 'admin', Screen: ContestDefaultsPage },
  { path: 'pictures', navKey: 'pictures', role: 'admin', Screen: PicturesArea },
  { path: 'judging', navKey: 'judging', role: 'judge', Screen: JudgingPanelPage },
  { path: 'results', navKey: 'results', role: 'admin', Screen: ResultsPage },
  { path: 'claims', navKey: 'claims', role: 'admin', Screen: ClaimsPage },
  // Everyday operations (users, paid play, promo codes, contact inbox, press), then the log.
  { path: 'users', navKey: 'users', role: 'admin', Screen: UsersPage },
  { path: 'paid-play', navKey: 'paidPlay', role: 'admin', Screen: PaidPlayPage },
  { path: 'promos', navKey: 'promos', role: 'admin', Screen: PromosPage },
  { path: 'payments', navKey: 'payments', role: 'admin', Screen: PaymentsAdminPage },
  { path: 'inbox', navKey: 'inbox', role: 'admin', Screen: InboxPage },
  { path: 'press', navKey: 'press', role: 'admin', Screen: PressAdminPage },
  { path: 'audit', navKey: 'audit', role: 'admin', Screen: AuditLogPage },
];

/** The areas a person with `roles` may open, in nav order. */
export function areasFor(roles: readonly StaffRole[]): ConsoleArea[] {
  return consoleAreas.filter((area) => roles.includes(area.role));
}
