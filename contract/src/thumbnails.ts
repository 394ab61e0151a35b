/**
 * Types the server draws a thumbnail for (GET /api/files/{id}/thumbnail);
 * any other type is answered 415, so a client asks only for these.
 */
export const THUMBNAIL_MIME = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export function hasThumbnail(mime: string): boolean {
  return (THUMBNAIL_MIME as readonly string[]).includes(mime);
}

/** The longest side of a thumbnail, in pixels: sharp on a 2x screen for a 160 px tile. */
export const THUMBNAIL_EDGE = 320;
