/**
 * The API's limits on a request's images, checked before it is sent (the
 * vision guide, docs.claude.com/en/docs/build-with-claude/vision, 2026): at
 * most 100 images in one request, and when it carries more than 20, none
 * more than 2000 pixels on a side. Each image's own limits (5 MB, 8000 pixels)
 * were checked when it was attached (attachImage in @lug/core).
 */
import { ProviderError, type Message } from '@lug/core';

export const MAX_IMAGES_PER_REQUEST = 100;
export const MANY_IMAGES = 20;
export const MANY_IMAGES_MAX_SIDE = 2000;

export function checkRequestImages(messages: readonly Message[]): void {
  const images = messages.flatMap((m) => (m.role === 'user' ? (m.images ?? []) : []));
  if (images.length > MAX_IMAGES_PER_REQUEST) {
    throw new ProviderError(`the conversation holds ${images.length} images; Anthropic takes at most ${MAX_IMAGES_PER_REQUEST} in one request: start a new conversation`, 'bad_request');
  }
  if (images.length <= MANY_IMAGES) return;
  const big = images.find((i) => (i.width ?? 0) > MANY_IMAGES_MAX_SIDE || (i.height ?? 0) > MANY_IMAGES_MAX_SIDE);
  if (big) {
    throw new ProviderError(
      `${big.name ?? 'an image'} is ${big.width}×${big.height} pixels; with more than ${MANY_IMAGES} images in a conversation, Anthropic takes none over ${MANY_IMAGES_MAX_SIDE} pixels on a side: scale it down, or start a new conversation`,
      'bad_request',
    );
  }
}
