import { XMLBuilder } from 'fast-xml-parser';
import type { PropertyContent } from '../../shared/content.js';
import { currentCountryCode } from '../../shared/countries.js';
import { localizeProperty } from '../../shared/content.js';
import type { DocumentType } from '../../shared/guest-registrations.js';
import type { GuestRecord } from './guest-records.js';

// The bulletin file SIBA takes (`MovimentoBAL` in http://sef.pt/BAws). No public schema exists:
// the elements, their order and their lengths are those two independent clients agree on
// (node-siba, and a Ruby SIBA client), as docs/siba.md and decision 0027 say.

export const SIBA_NAMESPACE = 'http://sef.pt/BAws';

/** The longest value of each element, in characters. */
export const SIBA_LENGTHS: Readonly<Record<string, number>> = {
  Codigo_Unidade_Hoteleira: 9,
  Estabelecimento: 4,
  Nome: 40,
  Abreviatura: 15,
  Morada: 40,
  Localidade: 30,
  Codigo_Postal: 4,
  Zona_Postal: 3,
  Telefone: 10,
  Fax: 10,
  Nome_Contacto: 40,
  Email_Contacto: 140,
  Apelido: 40,
  Nacionalidade: 3,
  Data_Nascimento: 19,
  Local_Nascimento: 30,
  Documento_Identificacao: 16,
  Pais_Emissor_Documento: 3,
  Tipo_Documento: 1,
  Data_Entrada: 19,
  Data_Saida: 19,
  Pais_Residencia_Origem: 3,
  Local_Residencia_Origem: 30,
  Numero_Ficheiro: 10,
  Data_Movimento: 19,
};

export interface SibaUnit {
  nif: string;
  establishment: string;
  name: string;
  abbreviation: string;
  address: string;
  town: string;
  postcode: string;
  phone: string;
  contactName: string;
  email: string;
}

/** The unit from the content's `legal.siba` and its name and contact; undefined when the content has no `legal.siba`. */
export function unitFromContent(property: PropertyContent, establishment = '00'): SibaUnit | undefined {
  const siba = property.legal?.siba;
  if (!siba) return undefined;
  const name = localizeProperty(property, 'pt-PT').name;
  return {
    nif: siba.nif,
    establishment,
    name,
    abbreviation: siba.abbreviation ?? name,
    address: siba.address,
    town: siba.town,
    postcode: siba.postcode,
    // The national number: the last nine digits, without +351.
    phone: property.contact.phone.replace(/\D/g, '').slice(-9),
    contactName: siba.contactName,
    email: property.contact.email,
  };
}

export interface SibaFile {
  unit: SibaUnit;
  guests: readonly GuestRecord[];
  checkIn: string;
  checkOut: string;
  fileNumber: number;
  /** The day the file is made, `YYYY-MM-DD`. */
  date: string;
  /** The bulletin's letter for an identity card: B or I (SIBA_ID_CARD_CODE). */
  idCardCode: string;
}

const DOCUMENT_CODES: Record<DocumentType, string> = { passport: 'P', id_card: 'B', other: 'O' };
const dateTime = (day: string) => `${day}T00:00:00`;
/** Cut to the element's length, by characters, so a letter is never split. */
const fit = (element: string, value: string) => [...value.trim()].slice(0, SIBA_LENGTHS[element]).join('').trimEnd();

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: false,
  suppressEmptyNode: false,
});

/** The bulletin file for the guests who are not Portuguese, each complete. */
export function buildSibaXml(file: SibaFile): string {
  const u = file.unit;
  const [postcode = '', zone = ''] = u.postcode.split('-');
  const unit = {
    Codigo_Unidade_Hoteleira: fit('Codigo_Unidade_Hoteleira', u.nif),
    Estabelecimento: fit('Estabelecimento', u.establishment),
    Nome: fit('Nome', u.name),
    Abreviatura: fit('Abreviatura', u.abbreviation),
    Morada: fit('Morada', u.address),
    Localidade: fit('Localidade', u.town),
    Codigo_Postal: fit('Codigo_Postal', postcode),
    Zona_Postal: fit('Zona_Postal', zone),
    Telefone: fit('Telefone', u.phone),
    Fax: '',
    Nome_Contacto: fit('Nome_Contacto', u.contactName),
    Email_Contacto: fit('Email_Contacto', u.email),
  };
  const bulletins = file.guests.map((g) => ({
    Apelido: fit('Apelido', g.surname),
    Nome: fit('Nome', g.givenNames),
    // Kosovo as XKX, also when its guest was saved under a code the list no longer uses (decision 0065).
    Nacionalidade: currentCountryCode(g.nationality),
    Data_Nascimento: dateTime(g.birthDate ?? ''),
    ...(g.birthPlace ? { Local_Nascimento: fit('Local_Nascimento', g.birthPlace) } : {}),
    Documento_Identificacao: fit('Documento_Identificacao', g.documentNumber ?? ''),
    Pais_Emissor_Documento: currentCountryCode(g.documentCountry ?? ''),
    Tipo_Documento: g.documentType === 'id_card' ? file.idCardCode : DOCUMENT_CODES[g.documentType ?? 'other'],
    Data_Entrada: dateTime(file.checkIn),
    Data_Saida: dateTime(file.checkOut),
    Pais_Residencia_Origem: currentCountryCode(g.residenceCountry ?? ''),
    Local_Residencia_Origem: fit('Local_Residencia_Origem', g.residenceTown ?? ''),
  }));
  const body = builder.build({
    MovimentoBAL: {
      '@_xmlns': SIBA_NAMESPACE,
      Unidade_Hoteleira: unit,
      Boletim_Alojamento: bulletins,
      Envio: { Numero_Ficheiro: String(file.fileNumber), Data_Movimento: dateTime(file.date) },
    },
  }) as string;
  return `<?xml version="1.0" encoding="utf-8"?>\n${body}`;
}
