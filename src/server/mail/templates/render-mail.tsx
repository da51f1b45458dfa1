import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { type MailBlock, type MailBody, mailText } from './mail-blocks.js';
import type { MailBrand } from './mail-brand.js';
import { FONT, INK, MailLayout } from './mail-layout.js';

const paragraph = { margin: '0 0 14px', fontFamily: FONT, fontSize: '15px', lineHeight: '22px', color: INK } as const;

/** A text's lines with <br>s between them, as one child each (React escapes every one). */
function lines(value: string): ReactNode {
  return value.split(/\r?\n/).map((line, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      {line}
    </Fragment>
  ));
}

function Block({ block, brand }: { block: MailBlock; brand: MailBrand }) {
  switch (block.kind) {
    case 'text':
      return <Text style={paragraph}>{lines(block.text)}</Text>;
    case 'heading':
      return (
        <Heading as="h2" style={{ ...paragraph, fontSize: '17px', color: brand.primary }}>
          {block.text}
        </Heading>
      );
    case 'section':
      return (
        <>
          <Heading as="h3" style={{ ...paragraph, margin: '18px 0 4px', fontSize: '15px', color: brand.primary }}>
            {block.title}
          </Heading>
          <Text style={paragraph}>{lines(block.text)}</Text>
        </>
      );
    case 'action':
      return (
        <>
          <Text style={{ ...paragraph, margin: '0 0 8px' }}>{block.text}</Text>
          <Button
            href={block.url}
            style={{
              backgroundColor: brand.primary,
              color: '#ffffff',
              borderRadius: '6px',
              padding: '10px 18px',
              fontFamily: FONT,
              fontSize: '15px',
              fontWeight: 'bold',
            }}
          >
            {block.label}
          </Button>
          <Text style={{ ...paragraph, margin: '8px 0 14px', fontSize: '12px', color: '#6b7280' }}>
            <Link href={block.url} style={{ color: brand.primary, wordBreak: 'break-all' }}>
              {block.url}
            </Link>
          </Text>
        </>
      );
    case 'fields':
      return (
        <>
          {block.rows.map(([label, value]) => (
            <Text key={label} style={{ ...paragraph, margin: '0 0 6px' }}>
              <strong>{`${label}:`}</strong>
              {lines(` ${value}`)}
            </Text>
          ))}
        </>
      );
    case 'list':
      return <Text style={paragraph}>{lines(block.items.join('\n'))}</Text>;
    case 'note':
      return <Text style={{ ...paragraph, fontSize: '12px', color: '#6b7280' }}>{lines(block.text)}</Text>;
  }
}

// React Email's own doctype: its components are written for XHTML 1.0 Transitional, as mail apps expect.
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * A mail's two parts from its blocks: the HTML from React Email's components, the text from the
 * same blocks. React's synchronous renderer, not React Email's `render`: a mail is rendered inside
 * the transaction that queues it, and an await there would let another connection wait on SQLite's
 * lock while holding the event loop (decision 0020).
 */
export function renderMail(body: MailBody, brand: MailBrand): { html: string; text: string } {
  const html =
    DOCTYPE +
    renderToStaticMarkup(
      <MailLayout brand={brand} lang={body.lang} preview={body.preview}>
        {body.blocks.map((block, i) => (
          <Block key={i} block={block} brand={brand} />
        ))}
      </MailLayout>,
    );
  return { html, text: mailText(body) };
}
