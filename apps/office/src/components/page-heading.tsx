import { useEffect, type ReactNode } from "react";
import { useText } from "../i18n/text";

/**
 * A screen's one <h1>, which also names the browser tab. It takes focus programmatically (tabIndex -1)
 * when the layout moves focus to the new screen after a route change (layout.tsx).
 */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  const { appName } = useText();
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
  return (
    <h1 id="page-heading" tabIndex={-1}>
      {children ?? title}
    </h1>
  );
}
