import sanitizeHtml from 'sanitize-html';

/**
 * Rich text of questions and descriptions (HTML from the survey builder). Sanitized before it is
 * stored and again when it is served: basic formatting, lists, links (http, https, mailto) and
 * images from our own /uploads/ or https. Scripts, styles, event attributes and javascript: URLs go.
 */
const UPLOAD_SRC = /^\/uploads\/[A-Za-z0-9._-]+$/;
const HTTPS_SRC = /^https:\/\/[^\s]+$/i;

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
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open in a new tab without handing the opener over.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
  // An image must come from our uploads or an https address; anything else (relative, data:, …) is dropped.
  exclusiveFilter: (frame) => frame.tag === 'img' && !(UPLOAD_SRC.test(frame.attribs.src ?? '') || HTTPS_SRC.test(frame.attribs.src ?? '')),
};

export function sanitizeRich(html: string): string;
export function sanitizeRich(html: string | null): string | null;
export function sanitizeRich(html: string | null): string | null {
  if (html === null) return null;
  return sanitizeHtml(html, OPTIONS).trim();
}

/** A cover image is one of our uploads or an https address. */
export const isSafeImageUrl = (url: string) => UPLOAD_SRC.test(url) || HTTPS_SRC.test(url);
