import * as z from "zod/mini";

/*
 * zod/mini keeps the browser's share of validation small (a few kB instead of ~28 kB gzip), and jitless
 * mode stops zod from probing `new Function`, which a strict Content-Security-Policy reports as a violation.
 * Every schema module takes `z` from here, so no bundle holds a schema without this setting (the package
 * declares no side effects: a module is kept only for what is imported from it).
 */
z.config({ jitless: true });

export { z };
