/**
 * An image file attached to a prompt (`--image FILE` headless, `@shot.png` in
 * the interface): checked by its bytes and its size before anything is sent.
 *
 * The limits are Anthropic's, the stricter of the two APIs lug speaks (vision
 * guide, docs.claude.com/en/docs/build-with-claude/vision, as of 2026): an
 * image's base64 data at most 5 MB, each side at most 8000 pixels (2000 when a
 * request carries more than 20 images; the provider checks that, since it
 * depends on the whole request). OpenAI accepts more (50 MB a request).
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { sniffImage } from './image-format.js';
import type { ImagePart } from './messages.js';

export const IMAGE_LIMITS = Object.freeze({
  /** Characters of base64 per image. */
  maxBase64Bytes: 5 * 1024 * 1024,
  /** Pixels on either side. */
  maxSide: 8000,
});

/** The most bytes a file may have for its base64 to fit IMAGE_LIMITS.maxBase64Bytes. */
export const MAX_IMAGE_FILE_BYTES = Math.floor(IMAGE_LIMITS.maxBase64Bytes / 4) * 3;

export class ImageAttachmentError extends Error {
  override name = 'ImageAttachmentError';
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

function tooBig(name: string, bytes: number): ImageAttachmentError {
  return new ImageAttachmentError(`${name} is ${megabytes(bytes)}; an image may be at most ${megabytes(MAX_IMAGE_FILE_BYTES)} (5 MB once base64-encoded, Anthropic's limit): make it smaller`);
}

/** An image part from raw bytes; `name` is what the transcript and errors call it. */
export function imageFromBytes(bytes: Buffer, name: string): ImagePart {
  if (bytes.length > MAX_IMAGE_FILE_BYTES) throw tooBig(name, bytes.length);
  const format = sniffImage(bytes);
  if (!format) throw new ImageAttachmentError(`${name} is not a PNG, JPEG, GIF or WebP image (judged by its content, not its name)`);
  const { width, height } = format;
  if (width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide) {
    throw new ImageAttachmentError(`${name} is ${width}×${height} pixels; an image may be at most ${IMAGE_LIMITS.maxSide} pixels on either side: scale it down`);
  }
  return { type: 'image', mediaType: format.mediaType, data: bytes.toString('base64'), name, width, height };
}

/**
 * Read an image file for a prompt, relative to `cwd`. Throws an
 * ImageAttachmentError saying what is wrong (missing, not an image, too big).
 */
export function attachImage(path: string, cwd: string): ImagePart {
  const full = resolve(cwd, path);
  let size: number;
  try {
    const stat = statSync(full);
    if (!stat.isFile()) throw new ImageAttachmentError(`${path} is not a file`);
    size = stat.size;
  } catch (err) {
    if (err instanceof ImageAttachmentError) throw err;
    throw new ImageAttachmentError(`cannot read the image ${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  // Checked before reading, so a huge file is never loaded.
  if (size > MAX_IMAGE_FILE_BYTES) throw tooBig(path, size);
  return imageFromBytes(readFileSync(full), path);
}
