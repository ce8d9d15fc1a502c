// What `z.locales` holds in the browser builds: English, the language zod's own default
// configuration uses (classic/external.js calls `config(en())` itself). See zodEnglishOnly in
// rsbuild.ts: the shared zod singleton keeps every export, so all 60-odd locales went to every page.
export { default as en } from 'zod/v4/locales/en.js';
