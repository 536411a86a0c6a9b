import sanitizeHtml from 'sanitize-html';

/**
 * Rich text of questions and descriptions (HTML from the survey builder). Sanitized before it is
 * stored and again when it is served: basic formatting, lists, links (http, https, mailto) and
 * images served by our own server only (`/uploads/…`, the cover upload's path). An image from
 * anywhere else (an https address, a data: URL, an absolute URL even to this host, whose public
 * name the server does not know) is dropped: a picture loaded from another server tells that
 * server who opened the survey and when (a tracking pixel). Scripts, styles, event attributes and
 * javascript: URLs go.
 */
const UPLOAD_SRC = /^\/uploads\/[A-Za-z0-9._-]+$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'mark',
    'small',
    'span',
    'div',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'code',
    'pre',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open in a new tab without handing the opener over.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
  // An image must come from our uploads; anything else (https, data:, other relative paths, …) is dropped.
  exclusiveFilter: (frame) => frame.tag === 'img' && !UPLOAD_SRC.test(frame.attribs.src ?? ''),
};

export function sanitizeRich(html: string): string;
export function sanitizeRich(html: string | null): string | null;
export function sanitizeRich(html: string | null): string | null {
  if (html === null) return null;
  return sanitizeHtml(html, OPTIONS).trim();
}

/** A cover image is one of our uploads (never another server's picture). */
export const isSafeImageUrl = (url: string) => UPLOAD_SRC.test(url);
