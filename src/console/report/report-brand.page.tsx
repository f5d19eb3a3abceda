import type { FC } from 'hono/jsx';
import { MAX_DISPLAY_NAME_LENGTH, type ReportBrand } from '../../report/index.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { CsrfField, Field, Notice, Submit } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { BrandLine } from './report-picker.js';

export interface BrandFormValues {
  /** The account's own display name ('' when the account's name is used). */
  displayName: string;
  error?: { field: 'display_name' | 'logo'; message: string };
}

export interface ReportBrandPageProps {
  page: PageContext;
  /** How the reports look now. */
  brand: ReportBrand;
  hasLogo: boolean;
  form: BrandFormValues;
}

/** The white label of the reports: the name and logo they carry. Owners only. */
export const ReportBrandPage: FC<ReportBrandPageProps> = ({ page, brand, hasLogo, form }) => (
  <Layout title="Report white label" page={page} section="report">
    <p class="crumbs">
      <a href="/console/report">Report</a> / White label
    </p>
    <h1>White label</h1>
    <p class="lead">
      The name and logo at the top of the HTML and PDF reports of every website of{' '}
      {page.user.account.name}, and of the report pages here.
    </p>
    <h2>Now</h2>
    <div class="brand-preview">
      <BrandLine brand={brand} />
    </div>
    <h2>Change</h2>
    {form.error ? (
      <Notice tone="bad" title="Nothing was changed">
        <p>{form.error.message}</p>
      </Notice>
    ) : null}
    <form class="stack" method="post" action="/console/report/brand" enctype="multipart/form-data">
      <CsrfField token={page.csrf} />
      <Field
        id="display_name"
        label="Display name"
        hint={`Up to ${MAX_DISPLAY_NAME_LENGTH} characters. Leave it empty to use the account's name (${page.user.account.name}).`}
      >
        <input
          type="text"
          id="display_name"
          name="display_name"
          value={form.displayName}
          maxlength={MAX_DISPLAY_NAME_LENGTH}
          aria-describedby="display_name-hint"
          aria-invalid={form.error?.field === 'display_name' ? 'true' : undefined}
        />
      </Field>
      <Field
        id="logo"
        label={hasLogo ? 'New logo' : 'Logo'}
        hint="A PNG or SVG file of at most 512 KB, shown up to 120 × 32 points in the PDF. An SVG is kept without any script, link or style sheet it holds. Leave it empty to keep the logo as it is."
      >
        <input
          type="file"
          id="logo"
          name="logo"
          accept="image/png,image/svg+xml,.png,.svg"
          aria-describedby="logo-hint"
          aria-invalid={form.error?.field === 'logo' ? 'true' : undefined}
        />
      </Field>
      {hasLogo ? (
        <div class="checks">
          <label>
            <input type="checkbox" name="remove_logo" value="yes" /> Remove the logo
          </label>
        </div>
      ) : null}
      <Submit>Save white label</Submit>
    </form>
  </Layout>
);
