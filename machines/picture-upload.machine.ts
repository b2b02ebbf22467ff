import { assign, fromCallback, setup } from 'xstate';
import {
  type AdminPicture,
  type AdminPictureKind,
  PICTURE_UPLOAD_ERROR_CODES,
  PICTURE_UPLOAD_MAX_BYTES,
  PICTURE_UPLOAD_MIMES,
} from '../domain/admin-pictures.ts';

/** What the machine knows of the chosen file; `body` is the file itself, handed to the upload actor untouched. */
export interface UploadFile {
  name: string;
  size: number;
  type: string;
  body: unknown;
}

/** A refusal: the server's code (or one of the client's own below) and the server's words when it sent some. */
export interface UploadError {
  code: string;
  message: string | null;
}

/** Codes the client decides without the server. */
export const CLIENT_UPLOAD_ERRORS = { network: 'NETWORK', failed: 'UPLOAD_FAILED' } as const;

export interface UploadInput {
  file: UploadFile;
  kind: AdminPictureKind;
}

export type UploadEvent =
  | { type: 'upload.start'; file: UploadFile; kind: AdminPictureKind }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; picture: AdminPicture }
  | { type: 'upload.failed'; error: UploadError }
  | { type: 'upload.cancel' }
  | { type: 'upload.reset' };

export interface UploadContext {
  file: Omit<UploadFile, 'body'> | null;
  kind: AdminPictureKind | null;
  loaded: number;
  total: number;
  error: UploadError | null;
  picture: AdminPicture | null;
}

/** The checks the server would make first, made before a byte is sent: a 40 MB file should not travel to be refused. */
export function checkUploadFile(file: { size: number; type: string }): UploadError | null {
  if (!(PICTURE_UPLOAD_MIMES as readonly string[]).includes(file.type))
    return { code: PICTURE_UPLOAD_ERROR_CODES.wrongType, message: null };
  if (file.size === 0) return { code: PICTURE_UPLOAD_ERROR_CODES.empty, message: null };
  if (file.size > PICTURE_UPLOAD_MAX_BYTES) return { code: PICTURE_UPLOAD_ERROR_CODES.tooLarge, message: null };
  return null;
}

const initial: UploadContext = { file: null, kind: null, loaded: 0, total: 0, error: null, picture: null };

/**
 * One picture upload of the console: the file is checked, sent with progress, and may be cancelled.
 *
 * idle --upload.start--> uploading --upload.done--> done
 *  (a file that fails checkUploadFile goes straight to failed)  \--upload.failed--> failed
 *                              \--upload.cancel--> cancelled (the upload actor is stopped: the request aborts)
 * From done, failed and cancelled, upload.start begins again and upload.reset goes back to idle.
 */
export const pictureUploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
  },
  actors: {
    /** Sends 'upload.progress' while the bytes go, then 'upload.done' or 'upload.failed'; aborts when stopped. */
    upload: fromCallback<UploadEvent, UploadInput>(({ sendBack }) => {
      sendBack({ type: 'upload.failed', error: { code: CLIENT_UPLOAD_ERRORS.failed, message: 'upload not provided' } });
    }),
  },
  guards: {
    isFileAcceptable: ({ event }) => event.type === 'upload.start' && checkUploadFile(event.file) === null,
  },
  actions: {
    startUpload: assign(({ event }) => {
      if (event.type !== 'upload.start') return {};
      const { body: _body, ...file } = event.file;
      return { ...initial, file, kind: event.kind, total: event.file.size };
    }),
    refuseFile: assign(({ event }) => {
      if (event.type !== 'upload.start') return {};
      const { body: _body, ...file } = event.file;
      return { ...initial, file, kind: event.kind, error: checkUploadFile(event.file) };
    }),
    recordProgress: assign(({ event }) =>
      event.type === 'upload.progress' ? { loaded: event.loaded, total: event.total || 0 } : {},
    ),
    recordPicture: assign(({ event, context }) =>
      event.type === 'upload.done' ? { picture: event.picture, loaded: context.total } : {},
    ),
    recordError: assign(({ event }) => (event.type === 'upload.failed' ? { error: event.error } : {})),
    recordActorError: assign(() => ({ error: { code: CLIENT_UPLOAD_ERRORS.failed, message: null } })),
    clear: assign(() => initial),
  },
}).createMachine({
  id: 'pictureUpload',
  context: initial,
  initial: 'idle',
  on: {
    'upload.start': [
      { guard: 'isFileAcceptable', target: '.uploading', actions: 'startUpload', reenter: true },
      { target: '.failed', actions: 'refuseFile' },
    ],
  },
  states: {
    idle: {},
    uploading: {
      invoke: {
        src: 'upload',
        input: ({ event }) => {
          if (event.type !== 'upload.start') throw new Error('uploading starts with upload.start');
          return { file: event.file, kind: event.kind };
        },
        onError: { target: 'failed', actions: 'recordActorError' },
      },
      on: {
        // One upload at a time: a second file waits until this one ends.
        'upload.start': {},
        'upload.progress': { actions: 'recordProgress' },
        'upload.done': { target: 'done', actions: 'recordPicture' },
        'upload.failed': { target: 'failed', actions: 'recordError' },
        'upload.cancel': { target: 'cancelled' },
      },
    },
    done: { on: { 'upload.reset': { target: 'idle', actions: 'clear' } } },
    failed: { on: { 'upload.reset': { target: 'idle', actions: 'clear' } } },
    cancelled: { on: { 'upload.reset': { target: 'idle', actions: 'clear' } } },
  },
});
