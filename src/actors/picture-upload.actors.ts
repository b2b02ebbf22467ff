import { fromCallback } from 'xstate';
import { pictureUploadMachine, type UploadEvent, type UploadInput } from '../../machines/picture-upload.machine.ts';
import { uploadErrorOf, uploadPictureFile } from '../api/admin-pictures.ts';

/** The picture upload with the real request: progress as it goes, and a cancel that aborts it. */
export function pictureUploadMachineFor() {
  return pictureUploadMachine.provide({
    actors: {
      upload: fromCallback<UploadEvent, UploadInput>(({ sendBack, input }) => {
        const controller = new AbortController();
        uploadPictureFile(input.file.body as Blob, input.kind, {
          signal: controller.signal,
          onProgress: (loaded, total) => sendBack({ type: 'upload.progress', loaded, total }),
        }).then(
          (picture) => sendBack({ type: 'upload.done', picture }),
          (error: unknown) => {
            if (!controller.signal.aborted) sendBack({ type: 'upload.failed', error: uploadErrorOf(error) });
          },
        );
        // Leaving 'uploading' (cancel, or the screen closing) stops the request.
        return () => controller.abort();
      }),
    },
  });
}
