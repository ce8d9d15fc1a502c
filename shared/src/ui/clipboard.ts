/** What copying needs of the Clipboard API. */
export type ClipboardLike = Pick<Clipboard, 'writeText'>;

/**
 * Copies text with the Clipboard API; false when the API is missing (old browser, insecure page)
 * or refuses (no permission, page not focused). Never throws.
 */
export async function copyText(
  text: string,
  clipboard: ClipboardLike | null = globalThis.navigator?.clipboard ?? null,
): Promise<boolean> {
  if (!clipboard || typeof clipboard.writeText !== 'function') return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
