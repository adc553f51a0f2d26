import { PassThrough } from "node:stream";
import type { EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";

export const streamTimeout = 5_000;

/**
 * Renders each page at build time (ssr is off: nothing renders per request). Unlike React Router's
 * default, it always waits for the whole page (`onAllReady`): the default streams to non-bot agents,
 * which sends Suspense boundaries as hidden blocks moved into place by an inline script, leaving the
 * content invisible without JavaScript. Waiting, and never outlining large boundaries, keeps all
 * content inline in the HTML; the boundaries in root.tsx then only split hydration into smaller tasks.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // React also outlines any boundary bigger than this many bytes, even when complete; never do.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        settled = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeout);
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        // Errors in the shell reject above and are reported by React Router; later ones only here.
        if (settled) console.error(error);
      },
    });
    // A render that never settles fails the build instead of hanging it.
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
