import { QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { createQueryClient } from "../lib/query-client";

/** Renders a component the way root.tsx does: inside a fresh query client with the app's defaults. */
export function renderWithQueryClient(ui: ReactElement): RenderResult {
  const client = createQueryClient();
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** A promise the test settles by hand, to hold a mocked request open and observe the pending state. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
