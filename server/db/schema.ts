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
  pictures: PicturesTable;
  picture_variants: PictureVariantsTable;
  practice_pairs: PracticePairsTable;
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

export type PictureKind = 'practice_removed' | 'practice_original' | 'contest';
export type PictureVariantName = 'original' | 'large' | 'small';

/** Width and height as seen, EXIF orientation applied: the space of every game coordinate. */
export interface PicturesTable {
  id: string;
  kind: PictureKind;
  width: number;
  height: number;
  /** Of the original file as uploaded. */
  mime: string;
  bytes: number;
  created_at: number;
}

/** 'original' is the uploaded file, never served; 'large' and 'small' are JPEG display copies. */
export interface PictureVariantsTable {
  picture_id: string;
  name: PictureVariantName;
  width: number;
  height: number;
  /** Relative to DATA_DIR/uploads. */
  path: string;
  bytes: number;
}

export interface PracticePairsTable {
  id: string;
  removed_picture_id: string;
  original_picture_id: string;
  /** The ball centre in original-picture pixels; never sent before an answer is submitted. */
  ball_x: number;
  ball_y: number;
  is_active: Generated<number>;
  sort_order: number;
  created_at: number;
}
