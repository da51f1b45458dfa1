import { XMLBuilder, XMLParser } from 'fast-xml-parser';

// The SIBA web service's one method, EntregaBoletinsAlojamento (namespace http://sef.pt/): the
// bulletin file in Base64 with the unit's credentials. `0` is accepted; any other result is an
// `ErrosBA` document naming the line and the problem. A 503, an HTML page or no answer is not an
// answer: the caller tries again later (docs/decisions/0027-guest-registrations-and-siba.md).

export interface SibaCredentials {
  unit: string;
  establishment: string;
  accessKey: string;
}

export type SibaOutcome =
  | { kind: 'accepted'; answer: string }
  | { kind: 'rejected'; answer: string; code: string; line: number | null; text: string }
  | { kind: 'retry'; problem: string };

const SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_' });
const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false, processEntities: true });

export function soapRequest(credentials: SibaCredentials, xml: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>${builder.build({
    'soap:Envelope': {
      '@_xmlns:soap': SOAP,
      'soap:Body': {
        EntregaBoletinsAlojamento: {
          '@_xmlns': 'http://sef.pt/',
          UnidadeHoteleira: credentials.unit,
          Estabelecimento: credentials.establishment,
          ChaveAcesso: credentials.accessKey,
          Boletins: Buffer.from(xml, 'utf8').toString('base64'),
        },
      },
    },
  })}`;
}

/** The result inside a SOAP answer, as text; undefined when the body is not one. */
function resultOf(body: string): string | undefined {
  try {
    const parsed = parser.parse(body) as Record<string, Record<string, Record<string, Record<string, unknown>>>>;
    const result = parsed.Envelope?.Body?.EntregaBoletinsAlojamentoResponse?.EntregaBoletinsAlojamentoResult;
    return result === undefined ? undefined : String(result).trim();
  } catch {
    return undefined;
  }
}

/** The first `RetornoBA` of an `ErrosBA` answer. */
export function parseRefusal(result: string): { code: string; line: number | null; text: string } {
  try {
    const parsed = parser.parse(result) as { ErrosBA?: { RetornoBA?: unknown } };
    const returned = parsed.ErrosBA?.RetornoBA;
    const first = (Array.isArray(returned) ? returned[0] : returned) as
      { Codigo_Retorno?: string; Linha?: string; Descricao?: string } | undefined;
    if (first?.Codigo_Retorno !== undefined) {
      const line = Number(first.Linha);
      return {
        code: String(first.Codigo_Retorno),
        line: first.Linha === undefined || Number.isNaN(line) ? null : line,
        text: String(first.Descricao ?? ''),
      };
    }
  } catch {
    // Not an ErrosBA document: kept as it came below.
  }
  return { code: result.slice(0, 20), line: null, text: result.slice(0, 2000) };
}

export async function sendToSiba(
  url: string,
  credentials: SibaCredentials,
  xml: string,
  timeoutMs = 30_000,
): Promise<SibaOutcome> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'text/xml; charset=utf-8',
        soapaction: '"http://sef.pt/EntregaBoletinsAlojamento"',
      },
      body: soapRequest(credentials, xml),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    body = await response.text();
  } catch (error) {
    return { kind: 'retry', problem: `SIBA could not be reached: ${(error as Error).message}` };
  }
  if (response.status === 503 || response.status === 502 || response.status === 504)
    return { kind: 'retry', problem: `SIBA answered ${response.status}` };
  const result = /^\s*<(!doctype html|html)/i.test(body) ? undefined : resultOf(body);
  if (result === undefined)
    return {
      kind: 'retry',
      problem: `SIBA answered ${response.status} without a SOAP result (an HTML page or an error)`,
    };
  const answer = body.slice(0, 20_000);
  if (result === '0') return { kind: 'accepted', answer };
  return { kind: 'rejected', answer, ...parseRefusal(result) };
}
