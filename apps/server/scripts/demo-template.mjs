// The demo's first start ready-made for today (seed/demo-template.ts, decision 024). Run by the root build beside
// the web app's build; made again only when the day, PGlite, the migrations or the seed's code changed.
const { isDemoTemplateCurrent, writeDemoTemplate } = await import('../dist/seed/demo-template.js');
if (!isDemoTemplateCurrent()) await writeDemoTemplate();
