import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';

/** A document number the fake refuses, as SIBA refuses a malformed document. */
export const BAD_DOCUMENT = 'BAD000';

const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false });

const soap = (result: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><EntregaBoletinsAlojamentoResponse xmlns="http://sef.pt/"><EntregaBoletinsAlojamentoResult>${result
    .replace(/&/g, '&amp;')
    .replace(
      /</g,
      '&lt;',
    )}</EntregaBoletinsAlojamentoResult></EntregaBoletinsAlojamentoResponse></soap:Body></soap:Envelope>`;

/** The paths of SIBA's two services: production (`url`) and test (`testUrl`), which reports nobody. */
const SERVICES: Record<string, 'production' | 'test'> = {
  '/baws/boletinsalojamento.asmx': 'production',
  '/bawsdev/boletinsalojamento.asmx': 'test',
};

/**
 * A real HTTP server on 127.0.0.1 speaking the SIBA web service's EntregaBoletinsAlojamento at
 * SIBA's two paths (any other is a 404, as on SIBA's host): it decodes the Base64 file, accepts it
 * (`0`), or answers an ErrosBA for a document numbered BAD_DOCUMENT. The test service answers
 * exactly as production does. `failNext` makes the next requests a 503 and an HTML page first.
 */
export class FakeSiba {
  /** Every file it accepted, with the credentials it came with. */
  readonly accepted: Array<{
    service: 'production' | 'test';
    unit: string;
    establishment: string;
    accessKey: string;
    xml: string;
    sha256: string;
  }> = [];
  requests = 0;
  private plan: Array<'503' | 'html'> = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeSiba> {
    const server = createServer();
    const fake = new FakeSiba(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        fake.requests++;
        const service = SERVICES[new URL(request.url ?? '/', 'http://siba').pathname.toLowerCase()];
        if (!service) return response.writeHead(404, { 'content-type': 'text/html' }).end('<html>Not Found</html>');
        const next = fake.plan.shift();
        if (next === '503') return response.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
        if (next === 'html')
          return response
            .writeHead(200, { 'content-type': 'text/html' })
            .end('<!DOCTYPE html><html><body><h1>Manutenção</h1></body></html>');
        const call = (
          parser.parse(Buffer.concat(chunks).toString('utf8')) as {
            Envelope: { Body: { EntregaBoletinsAlojamento: Record<string, string> } };
          }
        ).Envelope.Body.EntregaBoletinsAlojamento;
        const xml = Buffer.from(call.Boletins ?? '', 'base64').toString('utf8');
        const file = parser.parse(xml) as { MovimentoBAL: { Boletim_Alojamento: unknown } };
        const bulletins = [file.MovimentoBAL.Boletim_Alojamento].flat() as Array<{ Documento_Identificacao: string }>;
        const bad = bulletins.findIndex((b) => b.Documento_Identificacao === BAD_DOCUMENT);
        response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
        if (bad >= 0)
          return response.end(
            soap(
              `<ErrosBA xmlns="http://www.sef.pt/BAws"><RetornoBA><Linha>${bad + 1}</Linha><Codigo_Retorno>32</Codigo_Retorno><Descricao>Documento de identificação inválido</Descricao></RetornoBA></ErrosBA>`,
            ),
          );
        fake.accepted.push({
          service,
          unit: call.UnidadeHoteleira ?? '',
          establishment: call.Estabelecimento ?? '',
          accessKey: call.ChaveAcesso ?? '',
          xml,
          sha256: createHash('sha256').update(xml, 'utf8').digest('hex'),
        });
        response.end(soap('0'));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** The next requests fail as given, in order, before the fake answers again. */
  failNext(...failures: Array<'503' | 'html'>): void {
    this.plan.push(...failures);
  }

  /** The production service's address. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/baws/boletinsalojamento.asmx`;
  }

  /** The test service's address: SIBA's `bawsdev`. */
  get testUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/bawsdev/boletinsalojamento.asmx`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
