import type { Response } from 'express';
import { allowFormRedirectTo } from './form-redirect-policy.js';

const POLICY = "default-src 'none';form-action 'self';frame-ancestors 'none'";

function policyAfter(redirectUri: string): string {
  const headers = new Map<string, string>([['Content-Security-Policy', POLICY]]);
  const res = {
    getHeader: (name: string) => headers.get(name),
    setHeader: (name: string, value: string) => headers.set(name, value),
  } as unknown as Response;
  allowFormRedirectTo(res, redirectUri);
  return headers.get('Content-Security-Policy')!;
}

describe('allowFormRedirectTo', () => {
  it.each([
    ['https://assistant.example/callback', 'https://assistant.example'],
    ['http://127.0.0.1:47123/callback', 'http://127.0.0.1:47123'],
    ['http://[::1]:8080/cb', 'http://[::1]:8080'],
  ])('adds the origin of %s to form-action', (redirectUri, source) => {
    expect(policyAfter(redirectUri)).toBe(
      `default-src 'none';form-action 'self' ${source};frame-ancestors 'none'`,
    );
  });

  // A host may hold `;` or `'`, which would end the directive or start a keyword in the policy.
  it.each([
    'https://a.example;sandbox/cb',
    "https://a'unsafe-inline'.example/cb",
    'https://a.example,b.example/cb',
    'not a url',
    // Custom schemes are refused at registration (registrable-redirects); none is ever allowed here.
    'com.example.app:/oauth/callback',
  ])('leaves the policy as it is for %s', (redirectUri) => {
    expect(policyAfter(redirectUri)).toBe(POLICY);
  });
});
