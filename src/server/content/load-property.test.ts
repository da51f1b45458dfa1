import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { controllerOf, localizeProperty } from '../../shared/content.js';
import { ContentError, loadProperty } from './load-property.js';

const good = JSON.parse(readFileSync('content/property.json', 'utf8')) as Record<string, unknown>;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function folderWith(content: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'estadia-content-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'property.json'), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

describe('loadProperty', () => {
  it('reads the demo content', () => {
    expect(localizeProperty(loadProperty('content'), 'en')).toMatchObject({
      name: 'Casa do Lago',
      titleSuffix: 'Lake House in Castelo de Bode',
      capacity: 7,
      bedrooms: 3,
    });
  });

  it('names the bad field of an invalid file', () => {
    const dir = folderWith({
      ...good,
      contact: { ...(good.contact as object), email: 'not-an-email' },
      checkIn: { from: '3pm', until: '20:00' },
    });
    expect(() => loadProperty(dir)).toThrow(ContentError);
    expect(() => loadProperty(dir)).toThrow(/contact\.email:[\s\S]*checkIn\.from: must be a time/);
  });

  it('names the bad field of the prices', () => {
    const pricing = structuredClone(good.pricing) as { seasons: { from: string }[]; touristTax?: object };
    pricing.seasons[0]!.from = '02-30';
    pricing.touristTax = { municipality: 'Lisboa', perGuestPerNight: 200, maxNights: 0 };
    expect(() => loadProperty(folderWith({ ...good, pricing }))).toThrow(
      /\n {2}pricing\.seasons\.0\.from: is not a day of the year\n {2}pricing\.touristTax\.maxNights: must be at least 1$/,
    );
  });

  it("starts on a content file with release 0.1's two-field tourist tax, which names no municipality", () => {
    const pricing = { ...(good.pricing as object), touristTax: { perGuestPerNight: 200, maxNights: 7 } };
    expect(localizeProperty(loadProperty(folderWith({ ...good, pricing })), 'en').pricing?.touristTax).toEqual({
      perGuestPerNight: 200,
      maxNights: 7,
    });
  });

  it('reads the prices of the demo content in each language, and none for a house without them', () => {
    const content = loadProperty('content');
    expect(localizeProperty(content, 'en').pricing).toMatchObject({
      currency: 'EUR',
      nightly: 12000,
      seasons: [{ name: 'Summer', from: '07-01', to: '08-31' }, { name: 'Christmas and New Year' }],
    });
    expect(localizeProperty(content, 'pt-PT').pricing?.seasons.map((s) => s.name)).toEqual([
      'Verão',
      'Natal e Ano Novo',
    ]);
    expect(localizeProperty(loadProperty('tests/support/fixtures/other-house'), 'en').pricing).toBeUndefined();
  });

  it('says so when the file is missing or not JSON', () => {
    expect(() => loadProperty(folderWith('{ nope'))).toThrow(/Cannot read .*property\.json/);
    expect(() => loadProperty(join(tmpdir(), 'estadia-no-such-folder'))).toThrow(ContentError);
  });
});

describe('the legal fields', () => {
  const without = (file: Record<string, unknown>, key: string) =>
    Object.fromEntries(Object.entries(file).filter(([k]) => k !== key));
  const inSpain = (file: Record<string, unknown>) => ({
    ...file,
    location: { ...(file.location as object), country: 'ES' },
  });

  it('reads the registration number and the complaints book, and the house answers for the data by default', () => {
    const property = localizeProperty(loadProperty('content'), 'pt-PT');
    expect(property.legal).toEqual({
      registrationNumber: '154321/AL',
      complaintsBookUrl: 'https://www.livroreclamacoes.pt',
      owner: {
        name: 'Maria Santos (example)',
        nif: '123456789',
        address: 'Rua do Lago 1, Aldeia do Mato, 2200-000 Abrantes, Portugal',
      },
    });
    expect(controllerOf(property)).toEqual({ name: 'Casa do Lago', email: 'reservas@casa-do-lago.example' });
    expect(localizeProperty(loadProperty('tests/support/fixtures/other-house'), 'en').legal?.registrationNumber).toBe(
      '98765/AL',
    );
  });

  it('takes a controller of its own, its name in each language', () => {
    const controller = {
      name: { en: 'Lake Holidays Ltd', 'pt-PT': 'Férias no Lago, Lda.' },
      email: 'privacy@casa-do-lago.example',
    };
    const content = loadProperty(folderWith({ ...good, controller }));
    expect(controllerOf(localizeProperty(content, 'pt-PT'))).toEqual({
      name: 'Férias no Lago, Lda.',
      email: 'privacy@casa-do-lago.example',
    });
    expect(() => loadProperty(folderWith({ ...good, controller: { ...controller, email: 'nobody' } }))).toThrow(
      /\n {2}controller\.email: /,
    );
  });

  it('requires the registration number and the complaints book of a house in Portugal', () => {
    expect(() => loadProperty(folderWith(without(good, 'legal')))).toThrow(
      /\n {2}legal\.registrationNumber: is required for a house in Portugal[^\n]*\n {2}legal\.complaintsBookUrl: is required/,
    );
    expect(() =>
      loadProperty(folderWith({ ...good, legal: { complaintsBookUrl: 'https://www.livroreclamacoes.pt' } })),
    ).toThrow(/\n {2}legal\.registrationNumber: is required for a house in Portugal[^\n]*$/);
    expect(() =>
      loadProperty(
        folderWith({
          ...good,
          legal: { registrationNumber: '  ', complaintsBookUrl: 'https://www.livroreclamacoes.pt' },
        }),
      ),
    ).toThrow(/legal\.registrationNumber: must not be empty/);
  });

  it("requires the owner's legal identity once bookings are on, and checks its NIF", () => {
    const legal = good.legal as Record<string, unknown>;
    const noOwner = { ...good, legal: without(legal, 'owner') };
    const booking = good.booking as Record<string, unknown>;
    for (const mode of ['request', 'instant'])
      expect(() => loadProperty(folderWith({ ...noOwner, booking: { ...booking, mode } }))).toThrow(
        new RegExp(
          `\\n {2}legal\\.owner: is required when booking\\.mode is "${mode}": the owner's name, NIF and address`,
        ),
      );
    expect(
      localizeProperty(loadProperty(folderWith({ ...noOwner, booking: { ...booking, mode: 'inquiry' } })), 'en').legal,
    ).not.toHaveProperty('owner');
    const owner = legal.owner as Record<string, unknown>;
    expect(() => loadProperty(folderWith({ ...good, legal: { ...legal, owner: { ...owner, nif: '12345' } } }))).toThrow(
      /\n {2}legal\.owner\.nif: must be the NIF, 9 digits/,
    );
    expect(() => loadProperty(folderWith({ ...good, legal: { ...legal, owner: { ...owner, address: ' ' } } }))).toThrow(
      /\n {2}legal\.owner\.address: must not be empty/,
    );
  });

  it('leaves them optional elsewhere', () => {
    const property = localizeProperty(loadProperty(folderWith(inSpain(without(good, 'legal')))), 'en');
    expect(property.legal).toBeUndefined();
    expect(() =>
      loadProperty(folderWith(inSpain({ ...good, legal: { complaintsBookUrl: 'http://insecure.example' } }))),
    ).toThrow(/legal\.complaintsBookUrl: /);
  });
});

describe('the content in several languages', () => {
  const withoutOnePortugueseText = () => {
    const file = structuredClone(good) as { hero: { headline: Record<string, string> } };
    delete file.hero.headline['pt-PT'];
    return file;
  };

  it('gives each locale its own texts, and plain texts to every locale', () => {
    const content = loadProperty('content');
    expect(content.locales).toEqual(['en', 'pt-PT']);
    const en = localizeProperty(content, 'en');
    const pt = localizeProperty(content, 'pt-PT');
    expect(en.hero.headline).toBe('Your quiet corner on the Castelo de Bode lake');
    expect(pt.hero.headline).toBe('O seu recanto tranquilo no lago de Castelo de Bode');
    expect(pt.about.paragraphs).toHaveLength(en.about.paragraphs.length);
    expect(pt.name).toBe(en.name);
    expect(pt.locale).toBe('pt-PT');
    expect(() => localizeProperty(content, 'fr')).toThrow(/no fr locale/);
  });

  it('fails naming the field and the locale of a missing translation', () => {
    expect(() => loadProperty(folderWith(withoutOnePortugueseText()))).toThrow(
      /\n {2}hero\.headline\.pt-PT: missing the pt-PT translation$/,
    );
  });

  it('names a missing translation inside a list, and a locale the file does not declare', () => {
    const file = structuredClone(good) as { amenities: { title: Record<string, string> }[] };
    delete file.amenities[2]!.title['pt-PT'];
    file.amenities[0]!.title.fr = 'Accès privé au lac';
    expect(() => loadProperty(folderWith(file))).toThrow(
      /amenities\.0\.title\.fr: "fr" is not one of the locales \(en, pt-PT\)[\s\S]*amenities\.2\.title\.pt-PT: missing the pt-PT translation/,
    );
  });

  it('reads a file without locales as English only, with plain texts', () => {
    const content = loadProperty('tests/support/fixtures/other-house');
    expect(content.locales).toEqual(['en']);
    expect(localizeProperty(content, 'en').name).toBe('Quinta da Serra');
  });

  it('refuses two locales of one language, which would share an address', () => {
    expect(() => loadProperty(folderWith({ ...good, locales: ['en', 'pt-PT', 'pt-BR'] }))).toThrow(
      /locales: two locales of one language/,
    );
  });
});
