/**
 * The operator's maintenance message is HTML from the health answer. It is shown after DOMPurify
 * has kept only formatting: no scripts, event handlers, `javascript:` links, forms or frames, so
 * a message (or whoever managed to set one) cannot run code next to the stored token.
 */
import DOMPurify from 'dompurify';

export function safeMaintenanceHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
