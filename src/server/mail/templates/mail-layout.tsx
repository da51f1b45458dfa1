import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import type { MailBrand } from './mail-brand.js';

// The frame of every mail: the house's name on its colour above a white card. React Email's
// components write the tables and inline styles that Gmail and Outlook keep (decision 0020).

export const FONT = 'Arial, Helvetica, sans-serif';
export const INK = '#1f2937';

interface MailLayoutProps {
  brand: MailBrand;
  lang: string;
  preview: string;
  children: ReactNode;
}

export function MailLayout({ brand, lang, preview, children }: MailLayoutProps) {
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, padding: '24px 8px', backgroundColor: brand.background, fontFamily: FONT, color: INK }}>
        <Container style={{ maxWidth: '560px', backgroundColor: '#ffffff', borderRadius: '8px' }}>
          <Section style={{ backgroundColor: brand.primary, borderRadius: '8px 8px 0 0', padding: '16px 24px' }}>
            <Text
              style={{
                margin: 0,
                color: '#ffffff',
                fontFamily: 'Georgia, serif',
                fontSize: '20px',
                lineHeight: '28px',
              }}
            >
              {brand.name}
            </Text>
          </Section>
          <Section style={{ padding: '24px' }}>{children}</Section>
        </Container>
      </Body>
    </Html>
  );
}
