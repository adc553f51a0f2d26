import type { ReactNode } from "react";

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

/**
 * A list of disclosures built on <details>/<summary>: keyboard-operable and announced as
 * expandable by browsers natively, readable in the prerendered HTML, and working without JavaScript.
 * Summaries hold plain text, not headings: a summary is a button, whose children lose their roles.
 */
export function Accordion({ items }: { items: readonly AccordionItem[] }) {
  return (
    <div className="accordion">
      {items.map((item) => (
        <details key={item.id} className="accordion__item" id={item.id}>
          <summary className="accordion__summary">
            <span className="accordion__title">{item.title}</span>
            <svg className="accordion__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </summary>
          <div className="accordion__panel">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
