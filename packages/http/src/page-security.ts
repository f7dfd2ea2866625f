import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export interface PagePolicyOptions {
  /** `'sha256-…'` sources of the page's inline scripts: nothing else inline may run. */
  scriptHashes?: string[];
  /** Origins the page may call besides its own, e.g. an identity service elsewhere. */
  connectSources?: string[];
  /** Origins of scripts besides the page's own: none, but for a Firebase project's providers. */
  scriptSources?: string[];
  /** Origins the page may frame: none, but for a Firebase project's auth domain. */
  frameSources?: string[];
}

/**
 * The Content-Security-Policy of our pages. Styles may be inline: Mantine writes its theme as
 * `<style>` elements and components set `style` attributes at run time, which neither a nonce
 * nor a hash can cover; scripts, the real danger, may not.
 */
export function contentSecurityPolicy({
  scriptHashes = [],
  connectSources = [],
  scriptSources = [],
  frameSources = [],
}: PagePolicyOptions = {}): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptSources, ...scriptHashes].join(' ')}`,
    ...(frameSources.length > 0 ? [`frame-src ${["'self'", ...frameSources].join(' ')}`] : []),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** CSP hash sources of the inline `<script>` elements of `html` (those without `src`). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/** Headers every page and answer of ours carries: no framing, no sniffing, little referrer. */
export function sendSecurityHeaders(reply: FastifyReply, policy: string): void {
  reply.headers({
    'content-security-policy': policy,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  });
}
