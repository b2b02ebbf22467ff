import type { Generated } from 'kysely';

/**
 * The typed shape of every table. Conventions that hold on SQLite and PostgreSQL alike:
 * ids are random UUID text, instants are integer epoch milliseconds, money is integer paise,
 * flags are integers 0/1, picture coordinates are integer pixels of the original photo.
 */
export interface Database {
  app_meta: AppMetaTable;
  contact_messages: ContactMessagesTable;
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
