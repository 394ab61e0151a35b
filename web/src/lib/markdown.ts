import MarkdownIt from 'markdown-it';
import DOMPurify from 'dompurify';

/**
 * Markdown with raw HTML switched off (tags in the text are shown as text) and
 * no images (a picture from another address would tell it who reads the file).
 * markdown-it refuses javascript:, vbscript:, file: and data: links itself.
 */
const markdown = new MarkdownIt({ html: false, linkify: true }).disable('image');

/** A sanitizer of its own, so its hook touches nothing else. */
const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  // Links leave the app in a new tab, without handing it the opener or the address.
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

/** A user's Markdown as HTML safe to put in the page: rendered without raw HTML, then sanitized all the same. */
export function renderMarkdown(source: string): string {
  return purifier.sanitize(markdown.render(source), { USE_PROFILES: { html: true }, FORBID_TAGS: ['img', 'style', 'form', 'input', 'button'] });
}
