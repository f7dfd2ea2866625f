const MAX_NAME_LENGTH = 120;

/**
 * Control characters (C0, DEL, C1), the bidirectional marks, embeddings, overrides and isolates
 * (a right-to-left override shows `invoice\u202Efdp.exe` as `invoiceexe.pdf`), and the
 * characters Windows forbids in names.
 */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"<>:|?*]/g;

/**
 * A file name safe to store and to send back: no folders, no control, bidirectional-control or
 * NUL characters, no leading dots, at most 120 characters (keeping the extension), never empty.
 */
export function safeFileName(uploaded: string | undefined): string {
  const base = (uploaded ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(UNSAFE, '')
    .replace(/^[.\s]+/, '')
    .trim();
  if (cleaned === '') return 'file';
  if (cleaned.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
