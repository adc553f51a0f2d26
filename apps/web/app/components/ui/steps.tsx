import type { Step } from "@site/shared/content";

/** Numbered steps (home's how-it-works, industries' consulting process) as an ordered list. */
export function Steps({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="steps">
      {steps.map((step) => (
        <li key={step.number} className="steps__item">
          <span className="steps__number" aria-hidden="true">
            {String(step.number).padStart(2, "0")}
          </span>
          <h3 className="steps__title">{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
