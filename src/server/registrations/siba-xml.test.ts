import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { GERMAN_GUEST } from '../../../tests/support/server/registration-site.js';
import type { GuestRecord } from './guest-records.js';
import { buildSibaXml, SIBA_LENGTHS, SIBA_NAMESPACE, type SibaUnit } from './siba-xml.js';

const UNIT: SibaUnit = {
  nif: '123456789',
  establishment: '00',
  name: 'Casa do Lago & Jardim, Castelo de Bode, Tomar — alojamento',
  abbreviation: 'Casa do Lago',
  address: 'Rua da Barragem 12',
  town: 'Castanheira',
  postcode: '2240-332',
  phone: '912345678',
  contactName: 'Maria Santos',
  email: 'owner@example.com',
};

const guest = (changes: Partial<GuestRecord> = {}): GuestRecord => ({
  index: 1,
  ...GERMAN_GUEST,
  birthPlace: GERMAN_GUEST.birthPlace,
  documentType: 'passport',
  ...changes,
});

const file = (guests: GuestRecord[], idCardCode = 'B') =>
  buildSibaXml({
    unit: UNIT,
    guests,
    checkIn: '2027-04-05',
    checkOut: '2027-04-08',
    fileNumber: 7,
    date: '2027-04-06',
    idCardCode,
  });

/** Each element's name and text, in document order. */
function elements(xml: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (nodes: Array<Record<string, unknown>>) => {
    for (const node of nodes) {
      for (const [name, value] of Object.entries(node)) {
        if (name === ':@' || name === '#text' || name === '?xml') continue;
        const children = value as Array<Record<string, unknown>>;
        const text = children.find((c) => '#text' in c)?.['#text'];
        out.push([name, text === undefined ? '' : String(text)]);
        walk(children);
      }
    }
  };
  walk(new XMLParser({ preserveOrder: true, ignoreAttributes: false, parseTagValue: false }).parse(xml));
  return out;
}

describe('the SIBA bulletin file', () => {
  const xml = file([
    guest(),
    guest({
      index: 2,
      surname: "D'Ávila",
      givenNames: 'Ana Sofia',
      nationality: 'BRA',
      documentType: 'id_card',
      birthPlace: null,
    }),
  ]);

  it('is well-formed XML, a MovimentoBAL in the namespace http://sef.pt/BAws', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' }).parse(xml);
    expect(parsed.MovimentoBAL['@_xmlns']).toBe(SIBA_NAMESPACE);
    expect(SIBA_NAMESPACE).toBe('http://sef.pt/BAws');
  });

  it('has the unit, one Boletim_Alojamento per guest and the Envio, each with its fields in order', () => {
    const names = elements(xml).map(([name]) => name);
    const unit = [
      'Unidade_Hoteleira',
      'Codigo_Unidade_Hoteleira',
      'Estabelecimento',
      'Nome',
      'Abreviatura',
      'Morada',
      'Localidade',
      'Codigo_Postal',
      'Zona_Postal',
      'Telefone',
      'Fax',
      'Nome_Contacto',
      'Email_Contacto',
    ];
    const bulletin = (withBirthPlace: boolean) => [
      'Boletim_Alojamento',
      'Apelido',
      'Nome',
      'Nacionalidade',
      'Data_Nascimento',
      ...(withBirthPlace ? ['Local_Nascimento'] : []),
      'Documento_Identificacao',
      'Pais_Emissor_Documento',
      'Tipo_Documento',
      'Data_Entrada',
      'Data_Saida',
      'Pais_Residencia_Origem',
      'Local_Residencia_Origem',
    ];
    expect(names).toEqual([
      'MovimentoBAL',
      ...unit,
      ...bulletin(true),
      ...bulletin(false),
      'Envio',
      'Numero_Ficheiro',
      'Data_Movimento',
    ]);
    const values = Object.fromEntries(elements(xml).slice(0, 14));
    expect(values).toMatchObject({ Codigo_Postal: '2240', Zona_Postal: '332', Estabelecimento: '00' });
    const second = elements(xml).filter(([name]) => name === 'Tipo_Documento');
    expect(second.map(([, v]) => v)).toEqual(['P', 'B']);
    expect(elements(file([guest({ documentType: 'id_card' })], 'I')).find(([n]) => n === 'Tipo_Documento')?.[1]).toBe(
      'I',
    );
    expect(elements(xml).find(([n]) => n === 'Data_Nascimento')?.[1]).toBe('1980-05-17T00:00:00');
    expect(elements(xml).find(([n]) => n === 'Data_Movimento')?.[1]).toBe('2027-04-06T00:00:00');
  });

  it("keeps names with accents and apostrophes, D'Ávila and Müller-Lüdenscheidt, through a round trip", () => {
    const parsed = new XMLParser({ parseTagValue: false }).parse(xml);
    const [first, second] = parsed.MovimentoBAL.Boletim_Alojamento;
    expect(first.Apelido).toBe('Müller-Lüdenscheidt');
    expect(first.Nome).toBe('Jürgen');
    expect(second.Apelido).toBe("D'Ávila");
    expect(parsed.MovimentoBAL.Unidade_Hoteleira.Nome).toBe('Casa do Lago & Jardim, Castelo de Bode,');
  });

  it('sends a Kosovar guest as XKX, also one saved under a code the country list once used', () => {
    const kosovar = file([
      guest({ nationality: 'XKX', documentCountry: 'XKX', residenceCountry: 'XKX' }),
      guest({ index: 2, nationality: 'XKK', documentCountry: 'XKK', residenceCountry: 'XXK' }),
    ]);
    const sent = elements(kosovar).filter(([n]) =>
      ['Nacionalidade', 'Pais_Emissor_Documento', 'Pais_Residencia_Origem'].includes(n),
    );
    expect(sent.map(([, value]) => value)).toEqual(Array(6).fill('XKX'));
  });

  it('never has a value longer than the documented length', () => {
    const long = file([
      guest({
        surname: 'Ü'.repeat(60),
        givenNames: 'Á'.repeat(60),
        birthPlace: 'B'.repeat(50),
        documentNumber: '1234567890ABCDEFGHIJ',
        residenceTown: 'T'.repeat(50),
      }),
    ]);
    for (const [name, value] of elements(long)) {
      const max = SIBA_LENGTHS[name];
      if (max === undefined) continue;
      expect([...value].length, name).toBeLessThanOrEqual(max);
    }
    expect(elements(long).find(([n]) => n === 'Apelido')?.[1]).toBe('Ü'.repeat(40));
    expect(Object.keys(SIBA_LENGTHS)).toContain('Documento_Identificacao');
  });
});
