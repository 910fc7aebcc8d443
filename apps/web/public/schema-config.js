// Runs before any other script of the console: a classic script, so ahead of the deferred
// module scripts of the app. Zod compiles fast object parsers with `new Function` where a page
// allows it, and probes for that as schemas are made. The console's Content Security Policy
// forbids eval, so the probe alone was reported as a violation on every page: schemas parse
// without compiling instead. Zod reads this setting from the global that holds its
// configuration, so it must be there before Zod loads.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
