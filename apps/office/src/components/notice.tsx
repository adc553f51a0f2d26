import type { ReactNode } from "react";

/**
 * A message in a live region: `status` is announced politely (a result, a saved change), `alert` at
 * once (a refusal). The region is always in the page, so a message put into it is announced.
 */
export function Notice({
  tone,
  children,
  id,
}: {
  tone: "status" | "alert";
  children?: ReactNode;
  id?: string;
}) {
  return (
    <div id={id} role={tone} className={children ? `notice notice-${tone}` : "notice-empty"}>
      {children}
    </div>
  );
}
