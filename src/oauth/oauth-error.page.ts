import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/**
 * What a person sees when an authorization request cannot be sent back to
 * the assistant (an unknown client, a redirect URI it did not register):
 * a plain page saying what went wrong, with nothing of the request echoed
 * unescaped and no script or style.
 */
export function renderOAuthError(ctx: KoaContextWithOIDC, out: ErrorOut): void {
  ctx.type = 'html';
  ctx.body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cannot connect the assistant</title></head>
<body><h1>Cannot connect the assistant</h1>
<p>${escape(out.error_description ?? out.error)}</p>
<p>Error: <code>${escape(out.error)}</code>. Start again from the assistant.</p>
</body></html>`;
}
