import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown written by people (articles, ads, event descriptions) turned into HTML that is safe to put in a
 * page as it is. Two independent layers, so one library's bug is not enough to let script through:
 * markdown-it is told to treat raw HTML as text and to drop links whose scheme it does not trust, and its
 * output then goes through an allowlist of elements, attributes and URL schemes.
 *
 * Rendered on the server, once per write or per read of stored text: the browser never parses Markdown.
 */

const markdown = new MarkdownIt({
  html: false,
  linkify: true,
  typographer: false,
  breaks: false,
});

// markdown-it's own check already refuses javascript:, vbscript:, file: and non-image data: URLs; ours is
// narrower still: web and mail links, site-relative paths and fragments only.
const SAFE_LINK = /^(https?:|mailto:|\/(?!\/)|#)/i;
markdown.validateLink = (url: string) => SAFE_LINK.test(url.trim());

/** Only https images: an http image on an https page is mixed content, a data: URL an unbounded payload. */
const SAFE_IMAGE = /^(https:|\/(?!\/))/i;

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'em',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  // A heading level 1 belongs to the page (its title): a "# " in a body becomes a level 2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: isExternal(attribs.href)
        ? { ...attribs, rel: 'noopener noreferrer nofollow ugc', target: '_blank' }
        : attribs,
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !SAFE_IMAGE.test(frame.attribs.src ?? ''),
};

function isExternal(href: string | undefined): boolean {
  return href !== undefined && /^https?:/i.test(href);
}

/** The HTML for a Markdown text, safe to render with `dangerouslySetInnerHTML`. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), ALLOWED);
}

/** The plain text of a Markdown text, for meta descriptions, excerpts and e-mails: no markup, spaces collapsed. */
export function markdownToText(source: string): string {
  const text = sanitizeHtml(markdown.render(source), { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
