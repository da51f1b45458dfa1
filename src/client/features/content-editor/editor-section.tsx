import type { ReactNode } from 'react';

/** One section of the editor: a card with its heading, named by it for assistive technology. */
export function EditorSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-5 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold text-lake-800">
        {title}
      </h2>
      {children}
    </section>
  );
}
