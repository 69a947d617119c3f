/**
 * A `session/prompt`'s content blocks as lug's prompt: text as it is, a
 * resource the editor embedded (a buffer, a selection) as a tagged block with
 * its URI, a link as its URI, an image as an image part. A block lug cannot
 * take (audio, which it does not advertise) is an error that says so, before
 * anything is sent.
 */
import type { ContentBlock } from '@agentclientprotocol/sdk';
import type { ImagePart } from '@lug/core';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export class PromptContentError extends Error {
  override name = 'PromptContentError';
}

function pathOf(uri: string): string {
  if (!uri.startsWith('file://')) return uri;
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}

export function promptOf(blocks: readonly ContentBlock[]): { text: string; images: ImagePart[] } {
  // Text and links run together as the editor wrote them ("explain @src/a.ts please"); embedded resources follow as blocks.
  const texts: string[] = [];
  const contexts: string[] = [];
  const images: ImagePart[] = [];
  blocks.forEach((block, i) => {
    switch (block.type) {
      case 'text':
        texts.push(block.text);
        return;
      case 'resource_link':
        texts.push(`@${pathOf(block.uri)}`);
        return;
      case 'resource': {
        const resource = block.resource;
        if ('text' in resource && typeof resource.text === 'string') {
          contexts.push(`<context uri="${resource.uri}">\n${resource.text.replace(/\n$/, '')}\n</context>`);
        } else {
          texts.push(`@${pathOf(resource.uri)}`);
        }
        return;
      }
      case 'image': {
        const mediaType = IMAGE_TYPES.find((t) => t === block.mimeType);
        if (!mediaType) throw new PromptContentError(`prompt[${i}]: image type ${JSON.stringify(block.mimeType)} is not one lug sends; it takes ${IMAGE_TYPES.join(', ')}`);
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(block.data)) throw new PromptContentError(`prompt[${i}]: an image's data must be base64`);
        images.push({ type: 'image', mediaType, data: block.data, ...(block.uri ? { name: pathOf(block.uri) } : {}) });
        return;
      }
      default:
        throw new PromptContentError(`prompt[${i}]: lug takes text, resource, resource_link and image blocks, not ${JSON.stringify((block as { type?: unknown }).type)}`);
    }
  });
  return { text: [texts.join(''), ...contexts].filter((t) => t.trim()).join('\n\n').trim(), images };
}
