/**
 * A mail's body as data: the one shape every mail of the site is written in, rendered twice by
 * render-mail.tsx, as inline-styled HTML and as plain text, so the two parts always say the same.
 */
export type MailBlock =
  /** A paragraph; its line breaks are kept. */
  | { kind: 'text'; text: string }
  /** A titled part, such as "Parking: …" in the arrival instructions. */
  | { kind: 'section'; title: string; text: string }
  /** A sentence with a link: a button in HTML, the address after the sentence in text. */
  | { kind: 'action'; text: string; label: string; url: string }
  /** Labelled values, one per line (the owner's inquiry mail). */
  | { kind: 'fields'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: readonly string[] }
  /** Small print, such as "this receipt is not an invoice". */
  | { kind: 'note'; text: string };

export interface MailBody {
  /** The page's language: the HTML's `lang`. */
  lang: string;
  /** The line a mail app shows after the subject. */
  preview: string;
  blocks: readonly MailBlock[];
}

export const text = (value: string): MailBlock => ({ kind: 'text', text: value });

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'text':
    case 'heading':
    case 'note':
      return block.text;
    case 'section':
      return `${block.title}: ${block.text}`;
    case 'action':
      return `${block.text} ${block.url}`;
    case 'fields':
      return block.rows
        .map(([label, value]) => (value.includes('\n') ? `${label}:\n${value}` : `${label}: ${value}`))
        .join('\n');
    case 'list':
      return block.items.join('\n');
  }
}

/** The plain-text part: the blocks, a blank line apart. */
export const mailText = (body: Pick<MailBody, 'blocks'>) => body.blocks.map(blockText).join('\n\n');
