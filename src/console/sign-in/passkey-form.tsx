import type { Child, FC } from 'hono/jsx';
import { assetUrl } from '../assets/console-assets.js';
import { CsrfField } from '../views/components.js';
import type { PasskeyPurpose } from './session/session-data.js';

export interface PasskeyFormProps {
  purpose: PasskeyPurpose;
  action: string;
  csrf: string;
  label: string;
  /** The form's classes ("card stack" to stand alone). */
  class?: string;
  /** Further fields: where to go after, a new passkey's name. */
  children?: Child;
}

/**
 * A form answered with a passkey: hidden until the passkey script (which
 * needs WebAuthn) shows it; its button asks the browser for the passkey and
 * submits the answer in `response`.
 */
export const PasskeyForm: FC<PasskeyFormProps> = (props) => (
  <>
    <form
      method="post"
      action={props.action}
      data-passkey={props.purpose}
      class={props.class ?? 'stack'}
      hidden
    >
      <CsrfField token={props.csrf} />
      <input type="hidden" name="response" value="" />
      {props.children}
      <div>
        <button type="submit" class="secondary">
          {props.label}
        </button>
      </div>
      <p class="hint" data-passkey-error role="alert" hidden></p>
    </form>
    <script src={assetUrl('passkey.js')} defer></script>
  </>
);
