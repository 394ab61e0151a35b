/**
 * The most pixels a thumbnail is made from: a larger picture is refused from its header, and a larger
 * picture inside a PDF page is left out, before any pixel is decoded, so a decompression bomb costs nothing.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
