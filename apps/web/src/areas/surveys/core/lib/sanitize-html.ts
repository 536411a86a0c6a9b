import { stripTrailingZeros } from '@app/shared/survey-answers';

/**
 * Question content is HTML (spec section 3). The server sanitizes it before storing and again when
 * it answers; the page still renders it defensively through a small allow-list: known formatting
 * tags keep no attributes except a safe `href` on links, dangerous elements are dropped with their
 * content, anything else is unwrapped to its text. Text nodes get their trailing zeros stripped
 * ("4.50" → "4.5", spec section 3).
 */
const ALLOWED = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'span',
  'div',
  'ul',
  'ol',
  'li',
  'a',
  'sub',
  'sup',
  'small',
  'code',
  'pre',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
]);
const DROP = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'link',
  'meta',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
]);
const SAFE_HREF = /^(https?:|mailto:)/i;

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(stripTrailingZeros(node.textContent ?? ''))];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROP.has(tag)) return [];
  const children = Array.from(el.childNodes).flatMap((c) => clean(c, doc));
  if (!ALLOWED.has(tag)) return children;
  const out = doc.createElement(tag);
  if (tag === 'a') {
    const href = (el.getAttribute('href') ?? '').trim();
    if (SAFE_HREF.test(href)) {
      out.setAttribute('href', href);
      out.setAttribute('target', '_blank');
      out.setAttribute('rel', 'noopener noreferrer');
    }
  }
  for (const c of children) out.appendChild(c);
  return [out];
}

export function sanitizeHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const container = doc.createElement('div');
  for (const c of Array.from(doc.body.childNodes).flatMap((n) => clean(n, doc))) container.appendChild(c);
  return container.innerHTML;
}
