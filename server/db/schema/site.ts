import type { Generated } from 'kysely';
import type { StaffRole } from '../../../domain/roles.ts';

/** Site content and settings: meta, contact messages, press, run-time settings, staff roles and the audit log. */

export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface ContactMessagesTable {
  id: string;
  subject: string;
  email: string;
  phone: string;
  message: string;
  language: string;
  /** 'new' (open) or 'answered'. */
  status: Generated<string>;
  created_at: number;
  // Console operations (migration 2026-11-24-020).
  answered_at: Generated<number | null>;
  answered_by: Generated<string | null>;
}

export interface PressArticlesTable {
  id: string;
  slug: string;
  outlet: string;
  title_en: string;
  title_hi: Generated<string>;
  summary_en: string;
  summary_hi: Generated<string>;
  /** Paragraphs separated by blank lines. */
  body_en: string;
  body_hi: Generated<string>;
  /** The original article, when there is one. */
  source_url: string | null;
  published_at: number;
  is_published: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Settings admins change at run time (paid play); the environment gives the default. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface UserRolesTable {
  user_id: string;
  role: StaffRole;
  /** Null for roles given from the shell (npm run admin:create) or by the migration. */
  granted_by: string | null;
  granted_at: number;
}

/** Append-only: who did what to which thing, when, with the thing before and after (JSON). */
export interface AuditLogTable {
  id: string;
  /** Null for the system (a scheduled job, the shell). */
  actor_id: string | null;
  /** The actor's name at the time, so the log still reads after an account is erased. */
  actor_name: string;
  /** Dot-namespaced, e.g. 'contest.update', 'role.grant'. */
  action: string;
  target_type: string;
  target_id: string | null;
  /** One line an operator reads in the log. */
  summary: string;
  before_json: string | null;
  after_json: string | null;
  ip: string | null;
  created_at: number;
}
