/** What sharing an entry came to: shared through the phone's sheet, the link copied, or neither. */
export type ShareOutcome = 'shared' | 'dismissed' | 'copied' | 'failed';

interface ShareInput {
  title: string;
  text: string;
  url: string;
}

/**
 * Shares the entry with the Web Share API (text and link: WhatsApp and the rest on a phone); where
 * there is none, or it fails for another reason than the player closing it, the link is copied.
 */
export async function shareEntry(input: ShareInput, nav: Navigator = navigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share(input);
      return 'shared';
    } catch (error) {
      // Closing the share sheet is an answer, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return 'dismissed';
    }
  }
  try {
    await nav.clipboard.writeText(input.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
