/**
 * Types the server draws a thumbnail for (GET /api/files/{id}/thumbnail): pictures,
 * and the first page of PDFs. Any other type is answered 415, so a client asks
 * only for these; one that cannot be drawn (here) is answered 415 too, and keeps its icon.
 */
export const THUMBNAIL_MIME = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'] as const;

export function hasThumbnail(mime: string): boolean {
  return (THUMBNAIL_MIME as readonly string[]).includes(mime);
}

/** The longest side of a thumbnail, in pixels: sharp on a 2x screen for a 160 px tile. */
export const THUMBNAIL_EDGE = 320;
