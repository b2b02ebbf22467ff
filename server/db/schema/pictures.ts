import type { ColumnType, Generated } from 'kysely';

/** Pictures, their stored variants and files, and the practice pairs. */

export type PictureKind = 'practice_removed' | 'practice_original' | 'contest' | 'prize' | 'sponsor' | 'avatar';
/** 'avatar' is the 256 px square of a profile picture, served to its owner only. */
export type PictureVariantName = 'original' | 'large' | 'small' | 'avatar';

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
  /**
   * A contest picture's ball width in original px, set in the console; null: the default of
   * domain/contest-ball-width.ts. Other kinds keep null (a practice pair holds its own).
   */
  ball_width: ColumnType<number | null, number | null | undefined, number | null>;
}

/** 'original' is the uploaded file, never served; 'large' and 'small' are JPEG display copies. */
/** The bytes of a picture file when PICTURE_STORAGE=database; key = picture_variants.path. */
export interface PictureFilesTable {
  key: string;
  picture_id: string;
  bytes: number;
  data: Buffer;
  created_at: number;
}

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
  /** The ball's width in original-picture pixels; null for pairs made before it was asked for. */
  ball_width: number | null;
  is_active: Generated<number>;
  sort_order: number;
  created_at: number;
}
