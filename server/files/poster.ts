// The viewer's poster (docs/viewer.md, "Caching"): the product's first image made at most 1024 px on its
// longest side and WebP, the page's largest paint on a phone, instead of the photo as uploaded (up to
// 10 MiB). Runs only in the conversion queue's worker (server/files/posterWorker.ts), like the model's
// optimisation: sharp (libvips) is never loaded into the server's own process.
import sharp from 'sharp';

/** The poster's longest side: a phone's stage is at most about 400 CSS px wide at a density of 2 to 3. */
export const POSTER_PX = 1024;
/**
 * The largest image read, in pixels: 100 MP covers every camera (a 48 MP phone photo is 8000 × 6000); a
 * bomb of a header (a small file declaring a huge image) is refused before anything is decoded.
 */
export const POSTER_INPUT_PIXELS = 100_000_000;
/** WebP quality: the photo shown a few seconds, before the model replaces it. */
const QUALITY = 80;

/** Writes the poster of the image at `input` to `output`; its size and dimensions. Throws on an unreadable image. */
export async function makePoster(
  input: string,
  output: string,
): Promise<{ bytes: number; width: number; height: number }> {
  // The first frame of an animation only; rotate() applies the photo's EXIF orientation (a phone's portrait).
  const info = await sharp(input, { limitInputPixels: POSTER_INPUT_PIXELS, animated: false })
    .rotate()
    .resize(POSTER_PX, POSTER_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: QUALITY })
    .toFile(output);
  return { bytes: info.size, width: info.width, height: info.height };
}
