import type { Response } from 'express';
import type { JSXNode } from 'hono/jsx';
import type { JSX } from 'hono/jsx/jsx-runtime';

/** Renders a page (escaping everything not marked safe) to an HTML string. */
export async function renderHtml(page: JSX.Element | JSXNode): Promise<string> {
  const rendered = (page as { toString(): string | Promise<string> }).toString();
  return `<!doctype html>\n${await rendered}`;
}

/** Sends a page with its status. */
export async function sendPage(res: Response, status: number, page: JSX.Element): Promise<void> {
  const html = await renderHtml(page);
  res.status(status).type('html').send(html);
}
