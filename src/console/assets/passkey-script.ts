import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The script of the passkey forms (`<form data-passkey="purpose">`):
 * @simplewebauthn/browser's own prebuilt bundle (the WebAuthn ceremony, with
 * the base64url conversions its server half expects), followed by the forms'
 * glue. The glue asks the server for the options (POST
 * /console/passkeys/options with the form's CSRF token), runs the ceremony,
 * puts the answer as JSON in the form's `response` field and submits the
 * form, which the server answers as any form (post/redirect/get). The forms
 * stay hidden where the browser has no WebAuthn. Served from the app as one
 * file, so the Content Security Policy allows it without inline script, and
 * no front-end build step is needed.
 */
const FORMS = `
(function () {
  var webauthn = window.SimpleWebAuthnBrowser;
  function ceremony(purpose, options) {
    return purpose === 'register'
      ? webauthn.startRegistration({ optionsJSON: options })
      : webauthn.startAuthentication({ optionsJSON: options });
  }
  document.querySelectorAll('form[data-passkey]').forEach(function (form) {
    if (!webauthn.browserSupportsWebAuthn() || !window.fetch) return;
    var problem = form.querySelector('[data-passkey-error]');
    form.hidden = false;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var purpose = form.getAttribute('data-passkey');
      var body = new URLSearchParams();
      body.append('_csrf', form.elements._csrf.value);
      body.append('purpose', purpose);
      problem.hidden = true;
      fetch('/console/passkeys/options', { method: 'POST', body: body, credentials: 'same-origin' })
        .then(function (res) {
          return res.json().then(function (data) {
            if (!res.ok) throw new Error(data.message);
            return data;
          });
        })
        .then(function (options) { return ceremony(purpose, options); })
        .then(function (answer) {
          form.elements.response.value = JSON.stringify(answer);
          form.submit();
        })
        .catch(function (error) {
          problem.hidden = false;
          problem.textContent = error && error.name === 'NotAllowedError'
            ? 'No passkey was used (it was cancelled or timed out). Try again.'
            : (error && error.message) || 'The passkey did not work. Try again.';
        });
    });
  });
})();
`;

/** The package's browser bundle (it defines `window.SimpleWebAuthnBrowser`), read once at start. */
function simpleWebAuthnBundle(): string {
  const require = createRequire(import.meta.url);
  // The package exports no path to its bundle: find its folder from its CommonJS entry (script/index.js).
  const root = dirname(dirname(require.resolve('@simplewebauthn/browser')));
  return readFileSync(join(root, 'dist', 'bundle', 'index.umd.min.js'), 'utf8');
}

export const PASSKEY_SCRIPT = `${simpleWebAuthnBundle()}\n${FORMS}`;
