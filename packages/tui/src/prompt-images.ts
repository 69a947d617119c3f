/**
 * `@path/to/shot.png` in a prompt attaches the image: every `@` mention whose
 * name ends in .png, .jpg, .jpeg, .gif or .webp is read by the core's
 * attachImage (checked by its bytes and its size) and sent with the prompt,
 * which keeps its text as written. Other `@` mentions stay plain text.
 */
import { attachImage, type ImagePart } from '@lug/core';

/** `@name.png` as a whole word; punctuation right after it (`@a.png,`) is not part of the name. */
const IMAGE_MENTION = /(?:^|\s)@(\S+?\.(?:png|jpe?g|gif|webp))(?=[,.;:!?)\]]*(?:\s|$))/gi;

/** The image paths a prompt mentions, in order, each once. */
export function imageMentions(prompt: string): string[] {
  const seen = new Set<string>();
  for (const m of prompt.matchAll(IMAGE_MENTION)) seen.add(m[1]!);
  return [...seen];
}

export type PromptImages = { images: ImagePart[] } | { error: string };

/** Read every image the prompt mentions; the first that cannot be attached is the error (nothing is sent then). */
export function attachPromptImages(prompt: string, cwd: string): PromptImages {
  const images: ImagePart[] = [];
  for (const path of imageMentions(prompt)) {
    try {
      images.push(attachImage(path, cwd));
    } catch (err) {
      return { error: `${err instanceof Error ? err.message : String(err)}; the prompt was not sent (it is back in the input)` };
    }
  }
  return { images };
}

/** "shot.png (PNG, 800×600, 120 kB)", for the line that says what was attached. */
export function describeImage(image: ImagePart): string {
  const kind = image.mediaType.slice('image/'.length).toUpperCase();
  const size = image.width && image.height ? `, ${image.width}×${image.height}` : '';
  const kb = Math.max(1, Math.round((image.data.length * 3) / 4 / 1024));
  return `${image.name ?? 'image'} (${kind}${size}, ${kb} kB)`;
}
