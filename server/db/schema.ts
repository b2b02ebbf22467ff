import type { Generated } from 'kysely';

/**
 * The typed shape of every table. Conventions that hold on SQLite and PostgreSQL alike:
 * ids are random UUID text, instants are integer epoch milliseconds, money is integer paise,
 * flags are integers 0/1, picture coordinates are integer pixels of the original photo.
 */
export interface Database {
  app_meta: AppMetaTable;
  contact_messages: ContactMessagesTable;
  press_articles: PressArticlesTable;
}

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
  status: Generated<string>;
  created_at: number;
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
