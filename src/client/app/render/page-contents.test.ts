import { describe, expect, it } from 'vitest';
import { PropertySchema } from '../../../shared/content';
import type { ImageManifest } from '../../../shared/images';
import { jsonForScript, pageDataScript } from '../../lib/page-data';
import { clientImages, clientProperty, renderedProperty } from './page-contents';
import demoContent from '../../../../content/property.json';

// What a page is rendered from and what its scripts get (docs/decisions/0023-page-carries-its-content.md).
function withSecrets() {
  const file = structuredClone(demoContent) as unknown as { arrival: Record<string, unknown> };
  file.arrival = {
    ...file.arrival,
    doorInstructions: { en: 'Door code DOORSECRET-en', 'pt-PT': 'Código DOORSECRET-pt' },
  };
  return PropertySchema.parse(file);
}

describe('the content of a page', () => {
  it('leaves out the booking settings and the arrival instructions, the secret door instructions above all', () => {
    const content = withSecrets();
    for (const locale of content.locales) {
      const rendered = JSON.stringify(renderedProperty(content, locale));
      expect(rendered).not.toContain('DOORSECRET');
      expect(rendered).not.toContain('Take the A1');
      expect(rendered).not.toContain('PT50000201231234567890154');
      expect(rendered).toContain('Casa do Lago');
    }
  });

  it('gives the page’s scripts its language only, without the texts only the static HTML shows', () => {
    const content = withSecrets();
    const en = renderedProperty(content, 'en');
    const data = JSON.parse(JSON.stringify(clientProperty(en))) as Record<string, unknown> & {
      hero: Record<string, unknown>;
      intros: Record<string, unknown>;
    };
    expect(data.locale).toBe('en');
    expect(data.locales).toEqual(['en', 'pt-PT']);
    for (const key of ['about', 'amenities', 'distances', 'description', 'arrival', 'colors'])
      expect(data).not.toHaveProperty(key);
    // Of the booking settings, the mode alone: it decides what the contact section shows.
    expect(data.booking).toEqual({ mode: content.booking?.mode });
    expect(data.hero).not.toHaveProperty('subheadline');
    expect(data.hero.headline).toBe(en.hero.headline);
    expect(Object.keys(data.intros)).toEqual(['gallery']);
    expect(JSON.stringify(data)).not.toContain(renderedProperty(content, 'pt-PT').hero.headline);
  });

  it('gives the islands the gallery’s photos only', () => {
    const property = renderedProperty(withSecrets(), 'en');
    const photo = { width: 1, height: 1, placeholder: 'data:', avif: [], webp: [], jpeg: [] };
    const images: ImageManifest = { 'not-in-the-gallery.jpg': photo, [property.gallery[0]!.photo]: photo };
    expect(Object.keys(clientImages(property, images))).toEqual([property.gallery[0]!.photo]);
  });
});

describe('the page’s data element', () => {
  const hostile = '</script><script>alert(1)</script><!-- <script> </SCRIPT ';

  it('holds no "<", so no text can end it or open a comment, and reads back as typed', () => {
    const json = jsonForScript({ text: hostile });
    expect(json).not.toContain('<');
    expect((JSON.parse(json) as { text: string }).text).toBe(hostile);
  });

  it('is a data block that ends at its own </script>', () => {
    const element = pageDataScript({ contents: { en: { name: hostile } as never }, images: {} });
    expect(element).toContain('alert(1)');
    expect(element.startsWith('<script type="application/json" id="page-data">')).toBe(true);
    expect(element.indexOf('</script>')).toBe(element.length - '</script>'.length);
  });
});
