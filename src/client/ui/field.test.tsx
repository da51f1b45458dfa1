import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

const html = (element: ReactElement) => renderToStaticMarkup(element);

describe('Field', () => {
  it('ties the label, the hint and its own error to the control, and marks it invalid', () => {
    const out = html(
      <Field id="name" label="Name" hint="As on your passport" error="Required">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(out).toContain('<label for="name"');
    expect(out).toMatch(
      /<input id="name" class="[^"]+" aria-invalid="true" aria-describedby="name-hint name-error"\/>/,
    );
    expect(out).toContain('<p id="name-hint"');
    expect(out).toContain('<p id="name-error" class="mt-1 text-sm text-red-700">Required</p>');
  });

  it("points an invalid control at the form's one alert, and says nothing while it is valid", () => {
    const invalid = html(
      <Field id="email" label="E-mail" invalid errorId="form-error">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(invalid).toMatch(/aria-invalid="true" aria-describedby="form-error"/);
    const valid = html(
      <Field id="email" label="E-mail" invalid={false} errorId="form-error">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(valid).toContain('aria-invalid="false"');
    expect(valid).not.toContain('aria-describedby');
    const untouched = html(<Field label="Note">{(control) => <input {...control} />}</Field>);
    expect(untouched).not.toContain('aria-invalid=');
    expect(untouched).toMatch(/<label for="([^"]+)"[^>]*>Note<\/label><input id="\1"/);
  });
});
